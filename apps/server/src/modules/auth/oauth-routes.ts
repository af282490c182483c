import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  OAUTH_PROVIDER_IDS,
  identitiesResponse,
  oauthCompleteRequest,
  oauthCompleteResponse,
  oauthProviderSchema,
  oauthStartRequest,
  oauthStartResponse,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearer, noContent, only, requireMember, signedIn, typed } from '../../http.js';
import { HttpError } from '../../platform/errors.js';
import {
  FLOW_TTL_MS,
  callbackFlow,
  completeFlow,
  listIdentities,
  listProviders,
  startFlow,
  unlinkIdentity,
} from './oauth.js';
import { clientOf } from './sessions.js';

/** The provider sign-in routes (docs/oauth.md): providers, start, callback, completion, linked identities. */

const COOKIE = 'bm_oauth';
const COOKIE_PATH = '/api/auth/oauth';
const providerParam = z.object({ provider: z.string().max(40) });
/** Where every callback ends: the web page that finishes the sign-in (the ticket or error in the fragment, never sent to a server). */
const COMPLETE_PAGE = '/auth/oauth/complete';

function setBrowserCookie(ctx: AppContext, reply: FastifyReply, value: string) {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
  );
}

function browserCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return undefined;
}

export function oauthRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/auth/oauth/providers',
    { schema: { tags: ['auth'], response: { 200: z.array(oauthProviderSchema) } } },
    async () => listProviders(ctx),
  );

  r.post(
    '/auth/oauth/:provider/start',
    {
      schema: {
        tags: ['auth'],
        security: bearer,
        params: providerParam,
        body: oauthStartRequest.optional(),
        response: { 200: oauthStartResponse },
      },
    },
    async (req, reply) => {
      const body = req.body ?? { intent: 'signin' as const, rememberMe: false };
      await ctx.limits.consume('oauth', req.ip, req.principal ? String(req.principal.memberId) : null);
      const { url, browser } = await startFlow(ctx, req.params.provider, {
        intent: body.intent,
        rememberMe: body.rememberMe,
        memberId: req.principal && !req.principal.impersonating ? req.principal.memberId : undefined,
      });
      setBrowserCookie(ctx, reply, browser);
      return { url };
    },
  );

  r.get('/auth/oauth/:provider/start', { schema: { tags: ['auth'], params: providerParam } }, async (req, reply) => {
    await ctx.limits.consume('oauth', req.ip);
    const { url, browser } = await startFlow(ctx, req.params.provider, { intent: 'signin', rememberMe: false });
    setBrowserCookie(ctx, reply, browser);
    return reply.redirect(url, 302);
  });

  r.get('/auth/oauth/:provider/callback', { schema: { tags: ['auth'], params: providerParam } }, async (req, reply) => {
    // The browser comes here from the provider: every outcome is the completion page, never a JSON error.
    let fragment: string;
    try {
      await ctx.limits.consume('oauth', req.ip);
      const url = new URL(req.url, ctx.config.publicUrl);
      const ticket = await callbackFlow(ctx, req.params.provider, url, browserCookie(req));
      fragment = `ticket=${encodeURIComponent(ticket)}`;
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const reason = e.statusCode === 429 ? 'TooManyRequests' : String(e.extra?.reason ?? 'ProviderFailed');
      fragment = `error=${encodeURIComponent(reason)}`;
    }
    reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${COMPLETE_PAGE}#${fragment}`, 302);
  });

  r.post(
    '/auth/oauth/complete',
    {
      schema: {
        tags: ['auth'],
        security: bearer,
        body: oauthCompleteRequest,
        response: { 200: oauthCompleteResponse },
      },
    },
    async (req) => {
      await ctx.limits.consume('oauth', req.ip, req.body.username);
      return completeFlow(ctx, req.body, clientOf(req), req.principal?.memberId);
    },
  );

  r.get('/auth/identities', only(signedIn, { tags: ['auth'], response: { 200: identitiesResponse } }), async (req) =>
    listIdentities(ctx, requireMember(req).memberId),
  );

  r.delete(
    '/auth/identities/:provider',
    only(signedIn, { tags: ['auth'], params: z.object({ provider: z.enum(OAUTH_PROVIDER_IDS) }), response: noContent }),
    async (req, reply) => {
      await unlinkIdentity(ctx, requireMember(req).memberId, req.params.provider);
      return reply.code(204).send(null);
    },
  );
}
