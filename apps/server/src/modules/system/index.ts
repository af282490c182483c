export { publicConfig, systemRoutes } from './routes.js';
