/**
 * The plugin screens' settings. Their texts are in the 'plugins' (list, cards, compatibility) and
 * 'pluginDetail' (the plugin page) namespaces: locales/en/plugins.ts and locales/en/pluginDetail.ts.
 */
export { PLUGINS_VIEW_KEY, SEARCH_DEBOUNCE_MS } from './list/list-text';
export const PLUGIN_VIEW_MARK_PREFIX = 'bm.plugins.viewed.';
export const PLUGIN_DOWNLOAD_MARK_PREFIX = 'bm.plugins.downloaded.';
