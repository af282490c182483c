export { DashboardCarsPage, DashboardFollowingPage, DashboardPage, DashboardPluginsPage } from './pages';
