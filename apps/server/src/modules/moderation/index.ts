export { moderationRoutes } from './routes.js';
