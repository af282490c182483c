export { memberRoutes } from './routes.js';
export { MemberService, findProfileMember, publicCar, publicPlugin } from './service.js';
export { seedDemoProfiles } from './seed.js';
