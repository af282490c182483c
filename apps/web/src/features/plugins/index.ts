export { PluginCreatePage, PluginDetailPage, PluginManagePage, PluginsPage } from './pages';
