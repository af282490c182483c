export { ModeratorCarsPage } from './cars-page';
export { ModeratorDashboardPage } from './dashboard-page';
export { ModeratorLayout, MODERATOR_LINKS } from './layout';
export { PluginReviewPage } from './review-page';
export { ReportedPluginsPage } from './reported-page';
export { HiddenPluginsPage, PendingPluginsPage } from './submission-list-page';
