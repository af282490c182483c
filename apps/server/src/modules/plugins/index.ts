// What other parts of the server use from the plugin catalogue.
export { pluginRoutes } from './routes.js';
export { matchSyncOf, pluginCountersChanged, pluginsChanged, pluginsGeneration } from './caches.js';
export { feedRoutes } from './feed-routes.js';
export { type VersionChangelog, versionChangelog } from './changelogs.js';
export { PluginEngagement } from './engagement.js';
export { CommentService } from './comments.js';
export { PluginFiles, notifySubmissionUpdated } from './files.js';
export { queryRows, selectPlugins, toIso, versionDownloadPath } from './presenter.js';
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
export {
  canSeePlugin,
  isStaff,
  listedPluginSql,
  maySeePlugin,
  myPluginRow,
  pluginAccessFacts,
  publicPluginSql,
  visiblePluginRow,
} from './policy.js';
export { checkGameVersionIds, declareGameVersions } from './declared-versions.js';
export { declaredGameVersions, versionRows } from './reads.js';
export { InspectionRefused, inspectBinary, keepForInspection, type BinaryInspection } from './inspection.js';
export { inspectionForReview, liveAbilities } from './inspections.js';
export { requirementsChanged } from './requires.js';
