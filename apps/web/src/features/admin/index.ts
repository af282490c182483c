export {
  AdminHomePage,
  AdminLayout,
  AdminMembersPage,
  ConnectionsPage,
  FeatureSubscribersPage,
  FeedbackDetailPage,
  FeedbackListPage,
  ProductUpdatePage,
  UpcomingFeaturesPage,
  WebhooksPage,
} from './pages';
