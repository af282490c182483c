export { InboxPage } from './inbox-page';
export { HiddenInboxPage } from './hidden-inbox-page';
export { MailDetailPage } from './mail-detail-page';
