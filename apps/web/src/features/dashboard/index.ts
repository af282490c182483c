export {
  DashboardCarsPage,
  DashboardCollectionsPage,
  DashboardFollowingPage,
  DashboardPage,
  DashboardPluginsPage,
} from './pages';
