import {
  authResponse,
  messageResponse,
  recoveryCodesResponse,
  totpEnableRequest,
  totpSetupResponse,
  twoFactorDisableRequest,
  twoFactorStatus,
  twoFactorVerifyRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, requireMember, signedIn, typed } from '../../http.js';
import type { AuthService } from './service.js';
import { clientOf } from './sessions.js';

/** Two-factor: the member's status, turning the authenticator on and off, and the sign-in's second step. */
export function twoFactorRoutes(app: App, ctx: AppContext, auth: AuthService) {
  const r = typed(app);
  const member = { preValidation: signedIn };

  r.get(
    '/auth/2fa',
    { ...member, schema: { tags: ['auth'], security: bearer, response: { 200: twoFactorStatus } } },
    async (req) => auth.twoFactorStatus(requireMember(req)),
  );

  r.post(
    '/auth/2fa/totp/setup',
    { ...member, schema: { tags: ['auth'], security: bearer, response: { 200: totpSetupResponse } } },
    async (req) => auth.setupTotp(requireMember(req)),
  );

  r.post(
    '/auth/2fa/totp/enable',
    {
      ...member,
      schema: { tags: ['auth'], security: bearer, body: totpEnableRequest, response: { 200: recoveryCodesResponse } },
    },
    async (req) => {
      const principal = requireMember(req);
      await ctx.limits.consume('twoFactor', req.ip, `m:${principal.memberId}`);
      return auth.enableTotp(principal, req.body.code);
    },
  );

  r.post(
    '/auth/2fa/disable',
    {
      ...member,
      schema: { tags: ['auth'], security: bearer, body: twoFactorDisableRequest, response: { 200: messageResponse } },
    },
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
