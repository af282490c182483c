/**
 * The plugin pages, loaded by the router in their own chunk. Kept out of index.ts so that other
 * features taking a card or a dialog from the index (the home page, the dashboard) do not load the
 * pages, their markdown renderer and forms with it.
 */
export { PluginDetailPage } from './detail/plugin-detail-page';
export { PluginCreatePage } from './create/create-plugin-form';
export { PluginManagePage } from './manage/manage-page';
export { PluginsPage } from './list/plugins-page';
