import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accountRoutes } from '../modules/account/routes.js';
import { adminRoutes } from '../modules/admin/routes.js';
import { authRoutes } from '../modules/auth/routes.js';
import type { AuthService } from '../modules/auth/service.js';
import { buildRoutes } from '../modules/builds/index.js';
import { carRoutes } from '../modules/cars/index.js';
import { upcomingFeatureRoutes } from '../modules/upcoming-features/index.js';
import { inboxRoutes } from '../modules/inbox/index.js';
import { memberRoutes } from '../modules/members/index.js';
import { moderationRoutes } from '../modules/moderation/routes.js';
import { notificationRoutes } from '../modules/notifications/routes.js';
import { pluginRoutes } from '../modules/plugins/index.js';
import { systemRoutes } from '../modules/system/routes.js';

/** Every module's routes; registered with the /api prefix. */
export async function apiRoutes(api: FastifyInstance, { ctx, auth }: { ctx: AppContext; auth: AuthService }) {
  authRoutes(api, ctx, auth);
  accountRoutes(api, ctx);
  systemRoutes(api, ctx);
  carRoutes(api, ctx);
  pluginRoutes(api, ctx);
  memberRoutes(api, ctx);
  moderationRoutes(api, ctx);
  buildRoutes(api, ctx);
  adminRoutes(api, ctx);
  inboxRoutes(api, ctx);
  upcomingFeatureRoutes(api, ctx);
  notificationRoutes(api, ctx);
}
