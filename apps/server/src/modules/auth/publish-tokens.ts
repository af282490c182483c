import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  PUBLISH_TOKEN_MAX_PER_MEMBER,
  PUBLISH_TOKEN_MESSAGES as M,
  PUBLISH_TOKEN_PATTERN,
  PUBLISH_TOKEN_PREFIX,
  type PublishTokenCreated,
  type PublishTokenInfo,
  type PublishTokenScope,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { members, publishTokens } from '../../db/schema.js';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';

/**
 * Publish tokens (docs/publish-tokens.md): `bmc_` and 32 random bytes in base64url, answered once and
 * kept as a SHA-256 hash. A `bmc_` bearer is never a session: it authenticates only on a route that
 * names a scope in its config (`config: { tokenScope }`), and only when the token holds that scope.
 */

/** A token's last use is written at most this often: no write per request. */
export const LAST_USED_EVERY_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export const isPublishToken = (bearer: string) => bearer.startsWith(PUBLISH_TOKEN_PREFIX);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Row = typeof publishTokens.$inferSelect;
const toInfo = (r: Row): PublishTokenInfo => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes as PublishTokenScope[],
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt.toISOString(),
  expired: r.expiresAt.getTime() <= Date.now(),
});

const live = (memberId: number) =>
  and(eq(publishTokens.memberId, memberId), isNull(publishTokens.revokedAt), gt(publishTokens.expiresAt, sql`now()`));

/** Token management is a signed-in member's own business: never a token's, never an impersonator's. */
function owner(principal: Principal) {
  if (principal.publishToken) throw unauthorized(M.notAccepted);
  if (principal.impersonating) throw forbidden(M.impersonating);
  return principal.memberId;
}

export async function createPublishToken(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; scopes: PublishTokenScope[]; expiresInDays: number },
): Promise<PublishTokenCreated> {
  const memberId = owner(principal);
  const token = PUBLISH_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await ctx.db.transaction(async (tx) => {
    // The member's row is the lock: two creations at once cannot both pass the name and count checks.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const mine = await tx.select().from(publishTokens).where(live(memberId));
    if (mine.some((t) => t.name.toLowerCase() === input.name.toLowerCase())) throw badRequest(M.nameTaken, 'name');
    if (mine.length >= PUBLISH_TOKEN_MAX_PER_MEMBER) throw badRequest(M.tooMany);
    const [created] = await tx
      .insert(publishTokens)
      .values({
        memberId,
        name: input.name,
        prefix: token.slice(0, PUBLISH_TOKEN_PREFIX.length + 8),
        tokenHash: hashToken(token),
        scopes: input.scopes,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning();
    return created!;
  });
  ctx.log.info({ memberId, tokenId: row.id, scopes: row.scopes }, 'publish token created');
  return { ...toInfo(row), token };
}

/** The member's tokens that are not revoked, expired ones included (marked) so they can be cleared. */
export async function listPublishTokens(ctx: AppContext, principal: Principal): Promise<PublishTokenInfo[]> {
  const rows = await ctx.db
    .select()
    .from(publishTokens)
    .where(and(eq(publishTokens.memberId, owner(principal)), isNull(publishTokens.revokedAt)))
    .orderBy(asc(publishTokens.createdAt), asc(publishTokens.id));
  return rows.map(toInfo);
}

/** Revokes one of the member's tokens: it stops working with the next request. */
export async function revokePublishToken(ctx: AppContext, principal: Principal, id: string) {
  const memberId = owner(principal);
  const done = await ctx.db
    .update(publishTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(publishTokens.id, id), eq(publishTokens.memberId, memberId), isNull(publishTokens.revokedAt)))
    .returning({ id: publishTokens.id });
  if (!done.length) throw notFound(M.notFound);
  ctx.log.info({ memberId, tokenId: id }, 'publish token revoked');
}

/**
 * The caller behind a `bmc_` bearer on this route: every check spends a point of the publishToken
 * limit for the address (so guessing is slow), then the route must name a scope (401 otherwise), the
 * token must be known, live and its account enabled (401), and it must hold the scope (403).
 */
export async function principalFromPublishToken(
  ctx: AppContext,
  req: FastifyRequest,
  token: string,
): Promise<Principal> {
  const scope = req.routeOptions.config?.tokenScope;
  if (!scope) throw unauthorized(M.notAccepted);
  await ctx.limits.consume('publishToken', req.ip);
  if (!PUBLISH_TOKEN_PATTERN.test(token)) throw unauthorized(M.invalid);
  const [row] = await ctx.db
    .select({
      id: publishTokens.id,
      memberId: publishTokens.memberId,
      scopes: publishTokens.scopes,
      lastUsedAt: publishTokens.lastUsedAt,
    })
    .from(publishTokens)
    .innerJoin(members, eq(members.id, publishTokens.memberId))
    .where(
      and(
        eq(publishTokens.tokenHash, hashToken(token)),
        isNull(publishTokens.revokedAt),
        gt(publishTokens.expiresAt, sql`now()`),
        isNull(members.disabledAt),
      ),
    )
    .limit(1);
  if (!row) throw unauthorized(M.invalid);
  if (!row.scopes.includes(scope)) throw new HttpError(403, M.missingScope(scope));
  await touchToken(ctx, row.id, row.lastUsedAt);
  return {
    memberId: row.memberId,
    sessionId: '',
    roles: [],
    impersonating: false,
    impersonatorId: null,
    publishToken: { id: row.id, scopes: row.scopes },
  };
}

async function touchToken(ctx: AppContext, id: string, lastUsedAt: Date | null) {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const before = new Date(Date.now() - LAST_USED_EVERY_MS);
  try {
    await ctx.db
      .update(publishTokens)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(publishTokens.id, id), or(isNull(publishTokens.lastUsedAt), lt(publishTokens.lastUsedAt, before))));
  } catch (err) {
    // Only the list's "last used" is late: the request goes on.
    ctx.log.warn({ err, tokenId: id }, 'publish token last use not recorded');
  }
}
