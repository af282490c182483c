import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../context.js';

/**
 * Sets req.principal from the bearer on every request (null when anonymous). The resolver decides
 * what a bearer may be here: a session token anywhere, a publish token only on the routes its scope
 * opens (modules/auth/publish-tokens.ts); a refused publish token throws (401/403/429).
 */
export const principal = fp<{ resolve: (req: FastifyRequest, token: string) => Promise<Principal | null> }>(
  async (app, { resolve }) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (req) => {
      const header = req.headers.authorization;
      if (header?.startsWith('Bearer ')) req.principal = await resolve(req, header.slice(7).trim());
    });
  },
);
