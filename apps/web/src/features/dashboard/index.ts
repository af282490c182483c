export { DashboardCarsPage, DashboardPage, DashboardPluginsPage } from './pages';
