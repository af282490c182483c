export {
  HiddenPluginsPage,
  ModeratorCarsPage,
  ModeratorDashboardPage,
  ModeratorLayout,
  PendingPluginsPage,
  PluginReviewPage,
  ReportedPluginsPage,
} from './pages';
