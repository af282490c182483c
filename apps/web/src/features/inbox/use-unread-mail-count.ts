/**
 * The one source of the unread mail count shown in the top bar and menus.
 * The mail endpoints do not exist yet, so it is 0; the inbox work replaces the body
 * (GET /mail/unread-count plus MailEvent updates) without touching its callers.
 */
export function useUnreadMailCount(): number {
  return 0;
}
