import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES as M,
  authResponse,
  loginResponse,
  changePasswordRequest,
  emailChangeRequest,
  forgotPasswordRequest,
  loginRequest,
  memberSchema,
  messageResponse,
  provideEmailRequest,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  tokenRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import {
  type App,
  administratorOnly,
  bearer,
  idParam,
  only,
  rateLimited,
  requireMember,
  requireRole,
  signedIn,
  typed,
} from '../../http.js';
import { HttpError } from '../../platform/errors.js';
import { AuthService } from './service.js';
import { clientOf } from './sessions.js';
import { passkeyRoutes } from './passkey-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { sessionListRoutes, twoFactorRoutes } from './security-routes.js';
import { publishTokenRoutes } from './token-routes.js';

const SAME_ANSWER = 'If an account matches, we have sent it an email with a link.';

/** The account routes, in groups: sessions, email and password, impersonation. */
export function authRoutes(app: App, ctx: AppContext, auth: AuthService) {
  sessionRoutes(app, ctx, auth);
  emailAndPasswordRoutes(app, ctx, auth);
  impersonationRoutes(app, auth);
  twoFactorRoutes(app, ctx, auth);
  sessionListRoutes(app, auth);
  publishTokenRoutes(app, ctx);
  passkeyRoutes(app, ctx, auth);
  oauthRoutes(app, ctx);
}

async function botCheck(ctx: AppContext, token: string | null | undefined, ip: string) {
  if (!ctx.botCheck.enabled) return;
  if (!token) throw new HttpError(400, M.botCheck, { errors: { turnstileToken: [M.botCheck] } });
  if (!(await ctx.botCheck.verify(token, ip))) {
    throw new HttpError(400, M.turnstileFailed, { errors: { turnstileToken: [M.turnstileFailed] } });
  }
}

/** Signing in and out, registering, the signed-in member and their roles, tokens. */
function sessionRoutes(app: App, ctx: AppContext, auth: AuthService) {
  const r = typed(app);

  r.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } } },
    async (req) => {
      await ctx.limits.consume('login', req.ip, req.body.username);
      await botCheck(ctx, req.body.turnstileToken, req.ip);
      return auth.login(req.body, clientOf(req));
    },
  );

  r.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        body: registerRequest,
        response: { 201: z.object({ email: z.string(), username: z.string() }) },
      },
    },
    async (req, reply) => {
      await ctx.limits.consume('register', req.ip, req.body.email);
      await botCheck(ctx, req.body.turnstileToken, req.ip);
      const out = await auth.register(req.body);
      return reply.code(201).send({ email: out.email, username: out.username });
    },
  );

  r.post('/auth/logout', { schema: { tags: ['auth'], security: bearer } }, async (req, reply) => {
    if (req.principal) await auth.logout(req.principal);
    return reply.code(204).send();
  });

  r.get('/auth/me', only(signedIn, { tags: ['auth'], response: { 200: memberSchema } }), async (req) =>
    auth.me(requireMember(req)),
  );

  r.get('/roles/my', only(signedIn, { tags: ['auth'], response: { 200: z.array(z.string()) } }), async (req) =>
    auth.roles(requireMember(req)),
  );

  r.post(
    '/auth/validate',
    {
      schema: {
        tags: ['auth'],
        body: z.object({ token: z.string() }),
        response: { 200: z.object({ isValid: z.boolean() }) },
      },
    },
    async (req) => ({ isValid: await auth.validate(req.body.token) }),
  );

  r.post(
    '/auth/refresh',
    { schema: { tags: ['auth'], body: tokenRequest, response: { 200: authResponse } } },
    async (req) => auth.refresh(req.body.token),
  );
}

/** Verifying, resending, forgetting and changing: the links sent by email and the password. */
function emailAndPasswordRoutes(app: App, ctx: AppContext, auth: AuthService) {
  const r = typed(app);
  /** A signed-in call that checks the current password: each try spends the password limit, as sign-in does. */
  const passwordChecked = <Body extends z.ZodType>(tags: string[], body: Body) => ({
    ...only(signedIn, { tags, body, response: { 200: messageResponse } }),
    preHandler: async (req: FastifyRequest) => {
      await ctx.limits.consume('password', req.ip, String(requireMember(req).memberId));
    },
  });

  /** A call that checks a token sent by email: each try spends the mailToken limit before the token is looked up. */
  const mailTokenChecked = { preHandler: rateLimited(ctx.limits, 'mailToken') };

  r.post(
    '/auth/verify-email',
    { ...mailTokenChecked, schema: { tags: ['auth'], body: tokenRequest, response: { 200: authResponse } } },
    async (req) => auth.verifyEmail(req.body.token),
  );

  r.post(
    '/auth/provide-email',
    { schema: { tags: ['auth'], body: provideEmailRequest, response: { 200: messageResponse } } },
    async (req) => {
      await ctx.limits.consume('provideEmail', req.ip, req.body.username);
      await auth.provideEmail(req.body);
      return { message: 'Verification email sent. Please check your inbox.' };
    },
  );

  r.post(
    '/auth/resend-verification',
    { schema: { tags: ['auth'], body: resendVerificationRequest, response: { 200: messageResponse } } },
    async (req) => {
      const body = req.body ?? {};
      await ctx.limits.consume('resend', req.ip, body.email || body.username);
      await auth.resendVerification(body);
      return { message: SAME_ANSWER };
    },
  );

  r.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordRequest, response: { 200: messageResponse } } },
    async (req) => {
      await ctx.limits.consume('forgot', req.ip, req.body.email);
      await auth.forgotPassword(req.body.email, req.headers['accept-language']);
      return { message: SAME_ANSWER };
    },
  );

  r.post(
    '/auth/reset-password',
    { ...mailTokenChecked, schema: { tags: ['auth'], body: resetPasswordRequest, response: { 200: messageResponse } } },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.newPassword);
      return { message: 'Your password has been reset. You can sign in now.' };
    },
  );

  r.post('/auth/change-password', passwordChecked(['auth'], changePasswordRequest), async (req) => {
    const principal = requireMember(req);
    await auth.changePassword(principal, req.body.currentPassword, req.body.newPassword);
    return { message: M.passwordChanged };
  });

  r.post('/account/email-change/request', passwordChecked(['account'], emailChangeRequest), async (req) => {
    const principal = requireMember(req);
    await auth.requestEmailChange(principal, req.body.currentPassword, req.body.newEmail);
    return { message: M.emailChangeSent };
  });

  r.post(
    '/account/email-change/confirm',
    { ...mailTokenChecked, schema: { tags: ['account'], body: tokenRequest, response: { 200: messageResponse } } },
    async (req) => {
      await auth.confirmEmailChange(req.body.token);
      return { message: 'Your email address has been changed.' };
    },
  );
}

/** An administrator signing in as a member, and back. */
function impersonationRoutes(app: App, auth: AuthService) {
  const r = typed(app);

  r.post(
    '/admin/impersonate/:id',
    only(administratorOnly, { tags: ['admin'], params: idParam, response: { 200: authResponse } }),
    async (req) => auth.impersonate(requireRole(req, 'administrator'), req.params.id),
  );

  r.post(
    '/admin/stop-impersonation',
    only(signedIn, { tags: ['admin'], response: { 200: messageResponse } }),
    async (req) => {
      await auth.stopImpersonation(requireMember(req));
      return { message: 'Impersonation stopped. Please sign in again.' };
    },
  );
}
