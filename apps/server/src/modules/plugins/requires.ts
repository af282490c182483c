import { eq, sql, type SQL } from 'drizzle-orm';
import { DEPENDENCY_MESSAGES as D, REQUIRES_MAX, parseRequiredIds, type RequiredPlugin } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { submissionRequires } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { pluginCountersChanged } from './caches.js';
import { isPublicPlugin, maySeePlugin, ownerDisabledSql, publicPluginSql } from './policy.js';
import { queryRows } from './presenter.js';

/**
 * Plugin dependencies (docs/dependencies.md): what a version requires, kept per version
 * (submission_requires) like its game versions; the live version's list is what the plugin's page
 * and the plugin manager show.
 */

/** The live version of plugin `pluginId` (an SQL expression): its latest approved version with a binary. */
const liveVersionOf = (pluginId: SQL) =>
  sql`(select lv.id from submissions lv where lv.plugin_id = ${pluginId} and lv.status = 'a' and lv.binary_key is not null
    order by lv.approved_at desc nulls last, lv.id desc limit 1)`;

/**
 * The source upload's `requires` field, checked before the file is stored: plugin ids (400
 * otherwise), not the plugin itself, each one the uploader may see (else unknown) and public with a
 * published version (installable). Left out or empty: none.
 */
export async function uploadRequiredIds(
  db: Db,
  principal: Principal,
  pluginId: number,
  field: string | undefined,
): Promise<number[]> {
  const ids = parseRequiredIds(field);
  if (ids === 'invalid') throw badRequest(D.invalid, 'requires');
  if (ids.length > REQUIRES_MAX) throw badRequest(D.tooMany, 'requires');
  if (ids.includes(pluginId)) throw badRequest(D.self, 'requires');
  if (!ids.length) return ids;
  const rows = await queryRows<{
    id: number;
    name: string;
    memberId: number;
    isActive: boolean;
    isPubliclyVisible: boolean;
    publishedOnce: boolean;
    ownerDisabled: boolean;
  }>(
    db,
    sql`select p.id, p.name, p.member_id as "memberId", p.is_active as "isActive",
      p.is_publicly_visible as "isPubliclyVisible", p.published_once as "publishedOnce", ${ownerDisabledSql()} as "ownerDisabled"
    from plugins p where p.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const id of ids) {
    const row = byId.get(id);
    // One the uploader may not see is unknown to them: its existence is not told.
    if (!row || !maySeePlugin({ ...row, memberId: Number(row.memberId) }, principal))
      throw badRequest(D.unknown(id), 'requires');
    if (!isPublicPlugin(row)) throw badRequest(D.unpublished(row.name), 'requires');
  }
  return ids;
}

/**
 * Refuses (400, naming the plugins) requirements that would close a cycle: a path from a required
 * plugin back to `pluginId` along what the other plugins require. Their live versions count, and so
 * do their versions waiting for a build or review, so that two uploads waiting at once cannot make a
 * cycle when both are approved. Runs in the upload's transaction, under a lock that lines up
 * concurrent uploads with requirements.
 */
export async function refuseCycles(tx: Db, pluginId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plugin_requires'))`);
  const [cycle] = await queryRows<{ path: number[] | string }>(
    tx,
    sql`with recursive edges as (
        select s.plugin_id as from_id, r.required_id as to_id
        from submission_requires r join submissions s on s.id = r.submission_id
        where s.plugin_id <> ${pluginId} and (s.status in ('q', 'b', 'p') or s.id = ${liveVersionOf(sql`s.plugin_id`)})
      ), walk(id, path) as (
        select x, array[${pluginId}::int, x] from unnest(${`{${ids.join(',')}}`}::int[]) x
        union all
        select e.to_id, w.path || e.to_id from walk w join edges e on e.from_id = w.id
        where w.id <> ${pluginId} and cardinality(w.path) < 100 and (e.to_id = ${pluginId} or not e.to_id = any(w.path))
      )
      select path from walk where id = ${pluginId} order by cardinality(path) limit 1`,
  );
  if (!cycle) return;
  const path = (typeof cycle.path === 'string' ? cycle.path.replace(/[{}]/g, '').split(',') : cycle.path).map(Number);
  const names = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from plugins where id = any(${`{${path.join(',')}}`}::int[])`,
  );
  const nameOf = new Map(names.map((n) => [Number(n.id), n.name]));
  throw badRequest(D.cycle(path.map((id) => nameOf.get(id) ?? String(id))), 'requires');
}

/** Records what version `submissionId` requires: call in the upload's transaction. */
export async function declareRequires(tx: Db, submissionId: number, ids: number[]): Promise<void> {
  await tx.delete(submissionRequires).where(eq(submissionRequires.submissionId, submissionId));
  if (ids.length) await tx.insert(submissionRequires).values(ids.map((requiredId) => ({ submissionId, requiredId })));
}

/**
 * What plugin `id`'s live version requires (by name), each with whether it can be installed (public
 * with a published version: policy.ts), and how many public plugins' live versions require it.
 */
export async function liveRequires(db: Db, id: number): Promise<{ requires: RequiredPlugin[]; requiredBy: number }> {
  const [requires, [by]] = await Promise.all([
    queryRows<RequiredPlugin>(
      db,
      sql`select p.id, p.name, (${publicPluginSql()}) as installable
      from submission_requires r join plugins p on p.id = r.required_id
      where r.submission_id = ${liveVersionOf(sql`${id}::int`)}
      order by lower(p.name), p.id`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n
      from submission_requires r join submissions s on s.id = r.submission_id join plugins p on p.id = s.plugin_id
      where r.required_id = ${id} and s.status = 'a' and ${publicPluginSql()} and s.id = ${liveVersionOf(sql`p.id`)}`,
    ),
  ]);
  return {
    requires: requires.map((r) => ({ id: Number(r.id), name: r.name, installable: Boolean(r.installable) })),
    requiredBy: Number(by?.n ?? 0),
  };
}

/** The manager answer's `requires` of a version row (an SQL expression over submission `v`): ids, ascending. */
export const requiredIdsOf = (versionId: SQL) =>
  sql`array(select r.required_id from submission_requires r where r.submission_id = ${versionId} order by r.required_id)`;

/**
 * After a version of plugin `pluginId` was approved (or denied): the kept details of every plugin one
 * of its approved versions requires show a `requiredBy` count that may have moved, so they go. A
 * failure is logged, never passed on: the decision is committed, and the counts follow when the
 * kept details expire.
 */
export async function requirementsChanged(ctx: AppContext, pluginId: number): Promise<void> {
  try {
    const rows = await queryRows<{ id: number }>(
      ctx.db,
      sql`select distinct r.required_id as id from submission_requires r join submissions s on s.id = r.submission_id
      where s.plugin_id = ${pluginId} and s.status = 'a'`,
    );
    for (const r of rows) pluginCountersChanged(ctx, Number(r.id));
  } catch (err) {
    ctx.log.warn({ err, pluginId }, 'Kept details of required plugins not dropped');
  }
}
