export { carRoutes } from './routes.js';
export { CarService, carMeta, carsChanged } from './service.js';
export { carActiveSql, carColumnsAs, carListedSql, memberCarsSql } from './policy.js';
export { seedDemoCars } from './seed.js';
