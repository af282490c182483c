import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PublishTokenScope, TWO_FACTOR_MESSAGES, rowIdText } from '@bm/core';
import type { Principal } from './context.js';
import { HttpError, forbidden, unauthorized } from './platform/errors.js';
import type { LimitName, RateLimits } from './platform/rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /**
     * The publish-token scope that opens this route (docs/publish-tokens.md). Without it a `bmc_`
     * bearer answers 401 here: tokens reach only the routes that name their scope.
     */
    tokenScope?: PublishTokenScope;
  }
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The signed-in caller, or a 401 with the spec's text. */
export function requireMember(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/**
 * Route preValidation hooks: who may call runs before the input is validated, so an anonymous caller
 * learns 401 and a member without the role 403, never a 400 about a body they may not send.
 */
export const signedIn = async (req: FastifyRequest) => {
  requireMember(req);
};
export const administratorOnly = async (req: FastifyRequest) => {
  requireRole(req, 'administrator');
};
/** Administrators and moderators. */
export const staffOnly = async (req: FastifyRequest) => {
  requireRole(req, 'administrator', 'moderator');
};

/** The response schema of a call that answers 204. */
export const noContent = { 204: z.null().describe('No content') };

export function requireRole(req: FastifyRequest, ...roles: string[]): Principal {
  const p = requireMember(req);
  if (p.roles.some((r) => roles.includes(r))) return p;
  // REQUIRE_STAFF_2FA: the staff role is held back until the member turns two-factor on (or adds a passkey).
  if (p.withheldRoles?.some((r) => roles.includes(r)))
    throw new HttpError(403, TWO_FACTOR_MESSAGES.staffRequired, { reason: 'TwoFactorRequired' });
  throw forbidden();
}

/** A numeric id in a path: anything else is a 400. */
export const idParam = z.object({ id: rowIdText() });

export const bearer = [{ bearerAuth: [] }];
/** A route a session or a publish token with the route's scope may call (config.tokenScope). */
export const bearerOrToken: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { publishToken: [] }];

/** A route preHandler spending one point of a named limit for the caller's address and account (429 with Retry-After when spent). */
export const rateLimited = (limits: RateLimits, name: LimitName) => async (req: FastifyRequest) => {
  await limits.consume(name, req.ip, req.principal ? `m:${req.principal.memberId}` : null);
};

/** Who may call a route: signedIn, staffOnly or administratorOnly. */
export type AccessCheck = typeof signedIn;

/**
 * The options of a route only `who` may call: the check and the bearer security the OpenAPI document
 * shows, said once so they cannot drift apart. Spread it to add more options (`{ ...only(...), config }`).
 */
export const only = <S extends FastifySchema>(who: AccessCheck, schema: S) => ({
  preValidation: who,
  schema: { ...schema, security: bearer },
});

/** The options of a member's write under a named limit: signed in first (401), then one point of the limit. */
export const signedInLimited = <S extends FastifySchema>(limits: RateLimits, name: LimitName, schema: S) => ({
  ...only(signedIn, schema),
  preHandler: rateLimited(limits, name),
});
