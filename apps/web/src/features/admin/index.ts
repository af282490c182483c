export {
  AdminHomePage,
  AdminLayout,
  AdminMembersPage,
  ConnectionsPage,
  FeatureSubscribersPage,
  FeedbackDetailPage,
  FeedbackListPage,
  GameVersionsPage,
  ProductUpdatePage,
  UpcomingFeaturesPage,
  WebhooksPage,
} from './pages';
