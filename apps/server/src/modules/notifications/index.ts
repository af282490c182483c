// The one way the site tells a member something (inbox message, email copy, MailEvent), and its routes.
export { notificationRoutes } from './routes.js';
export {
  NOTICE_BATCH,
  NotificationService,
  PRODUCT_UPDATE_JOB,
  SITE_SENDER,
  productUpdatePayload,
  toMailMessage,
  type Notice,
  type NoticeKind,
  type NoticeText,
  type SentNotice,
} from './service.js';
