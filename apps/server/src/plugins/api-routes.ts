import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accountRoutes } from '../modules/account/index.js';
import { adminRoutes } from '../modules/admin/index.js';
import { webhookEndpointRoutes } from '../modules/webhooks/index.js';
import { type AuthService, authRoutes } from '../modules/auth/index.js';
import { buildRoutes } from '../modules/builds/index.js';
import { carRoutes } from '../modules/cars/index.js';
import { collectionRoutes } from '../modules/collections/index.js';
import { compatibilityRoutes } from '../modules/compatibility/index.js';
import { upcomingFeatureRoutes } from '../modules/upcoming-features/index.js';
import { followRoutes } from '../modules/follows/index.js';
import { gameVersionRoutes } from '../modules/game-versions/index.js';
import { inboxRoutes } from '../modules/inbox/index.js';
import { memberRoutes } from '../modules/members/index.js';
import { moderationRoutes } from '../modules/moderation/index.js';
import { notificationRoutes } from '../modules/notifications/index.js';
import { pluginRoutes } from '../modules/plugins/index.js';
import { systemRoutes } from '../modules/system/index.js';

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
  webhookEndpointRoutes(api, ctx);
  inboxRoutes(api, ctx);
  upcomingFeatureRoutes(api, ctx);
  gameVersionRoutes(api, ctx);
  compatibilityRoutes(api, ctx);
  notificationRoutes(api, ctx);
  followRoutes(api, ctx);
  collectionRoutes(api, ctx);
}
