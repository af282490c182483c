// Compatibility of plugins with game versions: members' reports, the author's declaration, rebuild results.
export { compatibilityRoutes } from './routes.js';
export { CompatibilityService, recordRebuildResult } from './service.js';
export { onCompatibilityChange, type CompatibilityChange, type CompatibilityListener } from './changes.js';
