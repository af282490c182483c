/** The plugin list's settings (its texts are in the plugins namespace, locales/en/plugins.ts). */
export const SEARCH_DEBOUNCE_MS = 300;

export const PLUGINS_VIEW_KEY = 'bm.plugins.view';
