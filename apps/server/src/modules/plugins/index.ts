// What other parts of the server use from the plugin catalogue.
export { pluginRoutes } from './routes.js';
export { PluginService, notifySubmissionUpdated, pluginListsChanged, pluginMeta, versionDownloadPath } from './service.js';
export { checkBinaryZip, checkDebugZip, checkSourceZip, inspectZip, makeZip } from './zip.js';
export { seedDemoPlugins, storeApprovedVersion } from './seed.js';
