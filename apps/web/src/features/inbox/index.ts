export { HiddenInboxPage, InboxPage, MailDetailPage } from './pages';
export { useUnreadMailCount } from './use-unread-mail-count';
