export { memberRoutes } from './routes.js';
export { MemberService, findProfileMember, publicPlugin } from './service.js';
