export { ADMIN_LINKS, AdminLayout } from './admin-layout';
export { AdminHomePage } from './admin-home-page';
export { ConnectionsPage } from './connections-page';
export { WebhooksPage } from './webhooks-page';
export { FeedbackListPage } from './feedback-list-page';
export { FeedbackDetailPage } from './feedback-detail-page';
export { AdminMembersPage } from './members-page';
export { FeatureSubscribersPage } from './feature-subscribers-page';
