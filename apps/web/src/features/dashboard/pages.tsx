export { DashboardPage } from './dashboard-page';
export { DashboardPluginsPage } from './dashboard-plugins-page';
export { DashboardCarsPage } from './dashboard-cars-page';
export { DashboardFollowingPage } from './dashboard-following-page';
export { DashboardCollectionsPage } from './dashboard-collections-page';
