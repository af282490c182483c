// Rocket League game versions: the list, the one current version, and their administration.
export { gameVersionRoutes } from './routes.js';
export { GameVersionService } from './service.js';
export { DEMO_GAME_VERSIONS, seedDemoGameVersions } from './seed.js';
