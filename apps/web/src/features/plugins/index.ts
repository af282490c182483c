export { PluginDetailPage } from './detail/plugin-detail-page';
export { CreatePluginDialog, PluginCreatePage } from './create/create-plugin-form';
export { PluginManagePage } from './manage/manage-page';
export { PluginsPage } from './list/plugins-page';
export { PluginCard, type PluginCardData } from './plugin-card';
export { PluginBanner } from './plugin-banner';
