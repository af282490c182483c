// What other parts of the server use from the plugin catalogue.
export { pluginRoutes } from './routes.js';
export {
  PluginService,
  canSeePlugin,
  matchSyncOf,
  notifySubmissionUpdated,
  pluginMeta,
  pluginsChanged,
  queryRows,
  toIso,
  reviewQueuePositions,
  versionDownloadPath,
} from './service.js';
export { BINARY_ZIP_LIMITS, checkBinaryZip, checkDebugZip, checkSourceZip, inspectZip, makeZip } from './zip.js';
export { listedPlugin } from './search.js';
export { seedDemoPlugins, storeApprovedVersion } from './seed.js';
