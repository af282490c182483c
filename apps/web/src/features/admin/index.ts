export {
  AdminHomePage,
  AdminLayout,
  AdminMembersPage,
  ConnectionsPage,
  FeatureSubscribersPage,
  FeedbackDetailPage,
  FeedbackListPage,
  WebhooksPage,
} from './pages';
