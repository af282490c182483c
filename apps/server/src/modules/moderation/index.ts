export { moderationRoutes } from './routes.js';
export { ModerationService } from './service.js';
