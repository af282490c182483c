// Inbox sizes, texts and event names: plain values, kept apart from the zod schemas in mail.ts.

/** The spec's mail page size (default 10, page 1); at most 100. */
export const MAIL_PAGE_SIZE = 10;
export const MAIL_PAGE_SIZE_MAX = 100;
export const MAIL_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Feature subscribers are listed 25 to a page. */
export const SUBSCRIBERS_PAGE_SIZE = 25;

/** Texts the spec quotes verbatim (§8), and the inbox's own labels. */
export const MAIL_MESSAGES = {
  fetchInboxFailed: 'Failed to fetch inbox.',
  fetchHiddenFailed: 'Failed to fetch hidden inbox.',
  fetchMessageFailed: 'Failed to fetch message.',
  notFound: 'Message not found',
  featureNotFound: 'Feature not found',
  productUpdateNotFound: 'Product update not found',
  unsubscribeInvalid: 'This unsubscribe link is invalid or has expired.',
} as const;

export const MAIL_EVENT = 'MailEvent';
export type MailEventName = 'MailReceived' | 'MailRead' | 'MailHidden' | 'MailUnhidden';
