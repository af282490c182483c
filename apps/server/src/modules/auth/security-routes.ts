import { z } from 'zod';
import {
  authResponse,
  messageResponse,
  sessionInfo,
  recoveryCodesResponse,
  totpEnableRequest,
  totpSetupResponse,
  twoFactorDisableRequest,
  twoFactorStatus,
  twoFactorVerifyRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, noContent, only, requireMember, signedIn, signedInLimited, typed } from '../../http.js';
import type { AuthService } from './service.js';
import { clientOf } from './sessions.js';

/**
 * The account's security: two-factor (status, turning the authenticator on and off, the sign-in's
 * second step) and the member's sessions (where they are signed in, ending them).
 */
export function twoFactorRoutes(app: App, ctx: AppContext, auth: AuthService) {
  const r = typed(app);

  r.get('/auth/2fa', only(signedIn, { tags: ['auth'], response: { 200: twoFactorStatus } }), async (req) =>
    auth.twoFactorStatus(requireMember(req)),
  );

  r.post(
    '/auth/2fa/totp/setup',
    only(signedIn, { tags: ['auth'], response: { 200: totpSetupResponse } }),
    async (req) => auth.setupTotp(requireMember(req)),
  );

  r.post(
    '/auth/2fa/totp/enable',
    signedInLimited(ctx.limits, 'twoFactor', {
      tags: ['auth'],
      body: totpEnableRequest,
      response: { 200: recoveryCodesResponse },
    }),
    async (req) => auth.enableTotp(requireMember(req), req.body.code),
  );

  r.post(
    '/auth/2fa/disable',
    only(signedIn, { tags: ['auth'], body: twoFactorDisableRequest, response: { 200: messageResponse } }),
    async (req) => {
      const principal = requireMember(req);
      await ctx.limits.consume('password', req.ip, String(principal.memberId));
      await ctx.limits.consume('twoFactor', req.ip, `m:${principal.memberId}`);
      await auth.disableTotp(principal, req.body.currentPassword, req.body.code);
      return { message: 'Two-factor authentication is off.' };
    },
  );

  r.post(
    '/auth/2fa/verify',
    {
      schema: {
        tags: ['auth'],
        body: twoFactorVerifyRequest,
        response: { 200: authResponse },
      },
    },
    async (req) => auth.verifyTwoFactor(req.body, clientOf(req)),
  );
}

export function sessionListRoutes(app: App, auth: AuthService) {
  const r = typed(app);

  r.get('/auth/sessions', only(signedIn, { tags: ['auth'], response: { 200: z.array(sessionInfo) } }), async (req) =>
    auth.listSessions(requireMember(req)),
  );

  r.delete(
    '/auth/sessions/:id',
    only(signedIn, { tags: ['auth'], params: z.object({ id: z.uuid() }), response: noContent }),
    async (req, reply) => {
      await auth.endSession(requireMember(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/auth/sessions/revoke-others',
    only(signedIn, { tags: ['auth'], response: { 200: z.object({ revoked: z.number().int() }) } }),
    async (req) => ({ revoked: await auth.endOtherSessions(requireMember(req)) }),
  );
}
