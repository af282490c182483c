import { z } from 'zod';
import {
  authResponse,
  passkeyInfo,
  passkeyLoginRequest,
  passkeyRegisterRequest,
  passkeyRenameRequest,
  webauthnOptions,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, idParam, noContent, only, requireMember, signedIn, signedInLimited, typed } from '../../http.js';
import type { AuthService } from './service.js';
import { clientOf } from './sessions.js';

/**
 * Passkeys: the member's list (add, rename, remove) and signing in with one alone. Every call that
 * makes or checks a WebAuthn challenge (register and sign-in options, register and sign-in verify)
 * spends a point of the `passkey` rate limit, for the address and (when known) the account. Listing,
 * renaming and removing check no secret and spend none; they need a session.
 */
export function passkeyRoutes(app: App, ctx: AppContext, auth: AuthService) {
  const r = typed(app);
  const tags = ['auth'];

  r.get('/auth/passkeys', only(signedIn, { tags, response: { 200: z.array(passkeyInfo) } }), async (req) =>
    auth.listPasskeys(requireMember(req)),
  );

  r.post(
    '/auth/passkeys/register/options',
    signedInLimited(ctx.limits, 'passkey', { tags, response: { 200: webauthnOptions } }),
    async (req) => auth.passkeyRegistrationOptions(requireMember(req)),
  );

  r.post(
    '/auth/passkeys/register/verify',
    signedInLimited(ctx.limits, 'passkey', { tags, body: passkeyRegisterRequest, response: { 201: passkeyInfo } }),
    async (req, reply) =>
      reply.code(201).send(await auth.addPasskey(requireMember(req), req.body.response, req.body.name)),
  );

  r.patch(
    '/auth/passkeys/:id',
    only(signedIn, { tags, params: idParam, body: passkeyRenameRequest, response: { 200: passkeyInfo } }),
    async (req) => auth.renamePasskey(requireMember(req), req.params.id, req.body.name),
  );

  r.delete('/auth/passkeys/:id', only(signedIn, { tags, params: idParam, response: noContent }), async (req, reply) => {
    await auth.removePasskey(requireMember(req), req.params.id);
    return reply.code(204).send(null);
  });

  r.post('/auth/passkeys/login/options', { schema: { tags, response: { 200: webauthnOptions } } }, async (req) => {
    await ctx.limits.consume('passkey', req.ip);
    return auth.passkeyLoginOptions();
  });

  r.post(
    '/auth/passkeys/login/verify',
    { schema: { tags, body: passkeyLoginRequest, response: { 200: authResponse } } },
    async (req) => {
      // The address's point is spent before the database is asked anything; the account's once the credential names it.
      await ctx.limits.consume('passkey', req.ip);
      const owner = await auth.passkeyOwner(req.body.response.id);
      if (owner !== null) await ctx.limits.consumeAccount('passkey', `m:${owner}`);
      return auth.signInWithPasskey(req.body, clientOf(req));
    },
  );
}
