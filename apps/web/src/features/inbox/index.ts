export { useUnreadMailCount } from './use-unread-mail-count';
