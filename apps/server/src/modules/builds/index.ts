// The build pipeline: dispatch to the builder, its signed callbacks, timeouts, and the local builder.
export { buildRoutes } from './routes.js';
export { BuildService } from './service.js';
export { BUILD_CALLBACK_PATH, BUILD_JOB_OPTIONS, BUILD_MESSAGES, type BuildJob } from './protocol.js';
export { BUILD_JOBS, enqueueBuild } from './dispatch.js';
export { startLocalBuilder } from './local-builder.js';
export { loadBuilderKey, keyIdOf, newSigningKeyPem, BUILDER_KEY_FILE, type BuilderSigningKey } from './builder-key.js';
export { RebuildService, REBUILD_JOB, REBUILD_TIMEOUT_JOB, REBUILD_MESSAGES } from './rebuilds.js';
