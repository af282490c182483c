import fp from 'fastify-plugin';
import type { Principal } from '../context.js';

/** Sets req.principal from the bearer token and its session row on every request (null when anonymous). */
export const principal = fp<{ resolve: (token: string) => Promise<Principal | null> }>(async (app, { resolve }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) req.principal = await resolve(header.slice(7).trim());
  });
});
