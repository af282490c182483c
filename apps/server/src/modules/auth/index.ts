export { authRoutes } from './routes.js';
export { AuthService } from './service.js';
