export { carRoutes } from './routes.js';
export { CarService, carMeta, carsChanged, carsGeneration } from './service.js';
export { carActiveSql, carColumnsAs, carListedSql, memberCarsSql } from './policy.js';
export { seedDemoCars } from './seed.js';
