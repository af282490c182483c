import { MAIL_MESSAGES } from '@bm/core';

/** The inbox (/mail, /mail/hidden, /mail/{id}); the §8 errors are core's, verbatim. */
export default {
  inboxTitle: 'Inbox',
  hiddenTitle: 'Hidden Messages',
  messageTitle: 'Message',
  fetchInboxFailed: MAIL_MESSAGES.fetchInboxFailed,
  fetchHiddenFailed: MAIL_MESSAGES.fetchHiddenFailed,
  fetchMessageFailed: MAIL_MESSAGES.fetchMessageFailed,
  searchLabel: 'Search messages',
  searchPlaceholder: 'Search subject, message or sender',
  search: 'Search',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  /** A category with its number of messages: 'Comments (3)'. */
  categoryCount: '{category} ({n})',
  pageSizeLabel: 'Per page',
  unread_one: '{count} unread',
  unread_other: '{count} unread',
  /** Read by screen readers before an unread message's subject. */
  unreadMark: 'Unread:',
  hiddenLink: 'Hidden messages',
  backToInbox: 'Back to Inbox',
  empty: 'No messages',
  emptyHidden: 'No hidden messages',
  from: 'From: {sender}',
  hide: 'Hide',
  unhide: 'Unhide',
  unhideLabel: 'Unhide: {subject}',
  open: 'Open',
  hiddenNote: 'This message is hidden from your inbox.',
  listLabel: 'Messages',
  loading: 'Loading messages',
  /** The categories the server files notices under. */
  categories: {
    plugin: 'Plugins',
    comment: 'Comments',
    product: 'Product updates',
    feature: 'Features',
    staff: 'From staff',
  },
} as const;
