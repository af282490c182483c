export { carRoutes } from './routes.js';
export { CarService, carMeta, carsChanged, carsGeneration } from './service.js';
export { carActiveSql, carColumnsAs, carListedSql, isListedCarNow, memberCarsSql } from './policy.js';
export { seedDemoCars } from './seed.js';
// Collections show cars as list cards under the cars' own rule, and add only cars a member may use.
export { maySeeCar, usableCar } from './policy.js';
export { selectCars, toCar } from './presenter.js';
