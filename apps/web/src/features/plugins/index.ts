export { PluginCreatePage, PluginDetailPage, PluginManagePage } from './pages';
export { PluginsPage } from './list/plugins-page';
export { PluginCard, type PluginCardData } from './plugin-card';
export { PluginBanner } from './plugin-banner';
