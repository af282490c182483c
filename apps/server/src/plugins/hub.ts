import fp from 'fastify-plugin';
import type { AppContext, Principal } from '../context.js';
import { canSeePlugin } from '../modules/plugins/index.js';
import { attachHub, type Hub } from '../platform/hub.js';
import type { RedisClientType } from 'redis';

export interface HubPluginOptions {
  ctx: AppContext;
  resolve: (token: string) => Promise<Principal | null>;
  /** The roles of each session still live, by id (sessions ended elsewhere lose their sockets). */
  liveSessions: (ids: string[]) => Promise<Map<string, string[]>>;
  /** Hands the attached hub to the context, whose events went nowhere until now. */
  setHub: (hub: Hub) => void;
  redis?: { pub: RedisClientType; sub: RedisClientType };
}

/** The real-time hub, attached to the HTTP server once it is ready and closed before it stops. */
export const realTimeHub = fp<HubPluginOptions>(async (app, { ctx, resolve, liveSessions, setHub, redis }) => {
  let hub: Awaited<ReturnType<typeof attachHub>> | undefined;
  app.addHook('onReady', async () => {
    hub = await attachHub(app.server, {
      resolve,
      canJoinPlugin: (principal, id) => canSeePlugin(ctx, id, principal),
      liveSessions,
      version: ctx.version.informational,
      log: app.log,
      redis,
    });
    setHub(hub);
  });
  app.addHook('preClose', async () => {
    await hub?.close();
  });
});
