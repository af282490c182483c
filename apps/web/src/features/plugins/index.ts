// The pages are in pages.ts (the router's chunk); this index holds what other features may use.
export { CreatePluginDialog } from './create/create-plugin-form';
export { PluginCard, type PluginCardData } from './plugin-card';
export { PluginBanner } from './plugin-banner';
