// The pages are in pages.ts (the router's chunk); this index holds what other features may use.
export { CreatePluginDialog } from './create/create-plugin-form';
export { PluginCard, type PluginCardData } from './plugin-card';
export { PluginBanner } from './plugin-banner';
// Collections show each plugin with the same Install as its page (the install helper and the counted launch).
export { InstallDialog } from './detail/install-dialog';
export { launchInstall } from './detail/counters';
