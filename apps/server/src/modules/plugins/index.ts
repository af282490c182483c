// What other parts of the server use from the plugin catalogue.
export { pluginRoutes } from './routes.js';
export { matchSyncOf, pluginsChanged, pluginsGeneration } from './caches.js';
export { PluginEngagement } from './engagement.js';
export { PluginFiles, notifySubmissionUpdated } from './files.js';
export { queryRows, toIso, versionDownloadPath } from './presenter.js';
export { PluginReads, pluginMeta, reviewQueuePositions } from './reads.js';
export { PluginWrites } from './writes.js';
export {
  BINARY_ZIP_LIMITS,
  binaryHashes,
  checkBinaryZip,
  checkDebugZip,
  checkSourceZip,
  inspectZip,
  makeZip,
} from './zip.js';
export { seedDemoPlugins, storeApprovedVersion } from './seed.js';
export { canSeePlugin, isStaff, listedPluginSql, maySeePlugin, publicPluginSql } from './policy.js';
export { InspectionRefused, inspectBinary, keepForInspection, type BinaryInspection } from './inspection.js';
export { inspectionForReview, liveAbilities } from './inspections.js';
