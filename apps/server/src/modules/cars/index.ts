export { carRoutes } from './routes.js';
export { CarService, carMeta, carsChanged } from './service.js';
export { seedDemoCars } from './seed.js';
