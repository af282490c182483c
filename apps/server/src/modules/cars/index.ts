export { carRoutes } from './routes.js';
export { CarService, carMeta } from './service.js';
export { seedDemoCars } from './seed.js';
