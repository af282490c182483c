import { MAIL_MESSAGES } from '@bm/core';

/** The inbox's texts; the §8 errors are core's, verbatim. */
export const INBOX_TEXT = {
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
  pageSizeLabel: 'Per page',
  unread: (n: number) => `${n} unread`,
  unreadBadge: 'Unread',
  hiddenLink: 'Hidden messages',
  backToInbox: 'Back to Inbox',
  empty: 'No messages',
  emptyHidden: 'No hidden messages',
  from: 'From',
  hide: 'Hide',
  unhide: 'Unhide',
  open: 'Open',
  hiddenNote: 'This message is hidden from your inbox.',
  listLabel: 'Messages',
  loading: 'Loading messages',
} as const;

/** Names of the categories the server files notices under. */
export const CATEGORY_LABELS: Record<string, string> = {
  plugin: 'Plugins',
  comment: 'Comments',
  product: 'Product updates',
  feature: 'Features',
  staff: 'From staff',
};

export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;
