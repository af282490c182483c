export { memberRoutes } from './routes.js';
export { MemberService, findProfileMember, publicPlugin } from './service.js';
export { seedDemoProfiles } from './seed.js';
