import { and, eq, sql } from 'drizzle-orm';
import {
  COMPATIBILITY_MESSAGES as C,
  type CompatibilityEntry,
  type CompatibilityStatus,
  type DeclaredGameVersionsResponse,
  type PluginCompatibilityAnswer,
  type RebuildStatus,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { compatibilityStatusSql, declaredSql, liveVersionIdSql } from '../../db/compatibility-status.js';
import { compatibilityReports, gameVersions, pluginCompatibility } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import {
  checkGameVersionIds,
  declareGameVersions,
  declaredGameVersions,
  myPluginRow,
  pluginsChanged,
  queryRows,
  toIso,
  versionRows,
  visiblePluginRow,
} from '../plugins/index.js';
import { emitCompatibilityChanges, type CompatibilityChange } from './changes.js';

interface EntryRow {
  gameVersionId: number;
  gameVersionName: string;
  current: boolean;
  works: number;
  broken: number;
  declared: boolean;
  rebuildStatus: RebuildStatus | null;
  rebuildLogUrl: string | null;
  rebuildFinishedAt: Date | string | null;
  status: CompatibilityStatus;
}

/**
 * What is known of plugin `pluginId` on every game version that is current or has any information
 * (reports, a rebuild, the live version's declaration), newest first, with its status by the rule.
 */
async function entryRows(db: Db, pluginId: number, only?: number[]): Promise<EntryRow[]> {
  const declared = declaredSql(sql`lv.id`, sql`g.id`);
  const filter = only
    ? sql`g.id = any(${`{${only.join(',')}}`}::int[])`
    : sql`(g.current or coalesce(pc.works_count + pc.broken_count, 0) > 0 or pc.rebuild_status is not null or ${declared})`;
  return queryRows<EntryRow>(
    db,
    sql`select g.id as "gameVersionId", g.name as "gameVersionName", g.current,
      coalesce(pc.works_count, 0)::int as works, coalesce(pc.broken_count, 0)::int as broken,
      ${declared} as declared, pc.rebuild_status as "rebuildStatus", pc.rebuild_log_url as "rebuildLogUrl",
      pc.rebuild_finished_at as "rebuildFinishedAt", ${compatibilityStatusSql('pc', declared)} as status
    from game_versions g
    cross join (select ${liveVersionIdSql(sql`${pluginId}::int`)} as id) lv
    left join plugin_compatibility pc on pc.plugin_id = ${pluginId} and pc.game_version_id = g.id
    where ${filter}
    order by g.released_at desc, g.id desc`,
  );
}

const toEntry = (r: EntryRow): CompatibilityEntry => ({
  gameVersionId: Number(r.gameVersionId),
  gameVersionName: r.gameVersionName,
  status: r.status,
  works: Number(r.works),
  broken: Number(r.broken),
  declared: Boolean(r.declared),
  rebuild: r.rebuildStatus
    ? {
        status: r.rebuildStatus,
        logUrl: r.rebuildLogUrl,
        finishedAt: r.rebuildFinishedAt === null ? null : toIso(r.rebuildFinishedAt),
      }
    : null,
});

/** Statuses of the plugin on these game versions, by id (with whether each is current). */
async function statusesOf(db: Db, pluginId: number, ids: number[]) {
  const rows = ids.length ? await entryRows(db, pluginId, ids) : [];
  return new Map(rows.map((r) => [Number(r.gameVersionId), { status: r.status, current: Boolean(r.current) }]));
}

/** The changes between two status maps of one plugin. */
function changesBetween(
  pluginId: number,
  before: Map<number, { status: CompatibilityStatus; current: boolean }>,
  after: Map<number, { status: CompatibilityStatus; current: boolean }>,
): CompatibilityChange[] {
  return [...after].flatMap(([gameVersionId, a]) => {
    const from = before.get(gameVersionId)?.status ?? 'unverified';
    return from === a.status ? [] : [{ pluginId, gameVersionId, current: a.current, from, to: a.status }];
  });
}

/**
 * Runs a write that may change the plugin's status on these game versions (in one transaction,
 * the plugin's row of each version locked), then drops the kept plugin answers and tells the
 * listeners (changes.ts) when a status changed. Answers the changes.
 */
async function changeStatuses(
  ctx: AppContext,
  pluginId: number,
  gameVersionIds: number[],
  write: (tx: Db) => Promise<void>,
): Promise<CompatibilityChange[]> {
  const changes = await ctx.db.transaction(async (tx) => {
    for (const gameVersionId of gameVersionIds) {
      await tx.insert(pluginCompatibility).values({ pluginId, gameVersionId }).onConflictDoNothing();
      await tx
        .select({ id: pluginCompatibility.pluginId })
        .from(pluginCompatibility)
        .where(and(eq(pluginCompatibility.pluginId, pluginId), eq(pluginCompatibility.gameVersionId, gameVersionId)))
        .for('update');
    }
    const before = await statusesOf(tx, pluginId, gameVersionIds);
    await write(tx);
    return changesBetween(pluginId, before, await statusesOf(tx, pluginId, gameVersionIds));
  });
  if (changes.length) {
    pluginsChanged(ctx, pluginId);
    emitCompatibilityChanges(ctx, changes);
  }
  return changes;
}

/**
 * The rebuild result of a plugin on a game version (issue 25 item 3 writes it through here only):
 * passed or failed, with the log's address. Drops what it makes stale and tells the listeners.
 */
export async function recordRebuildResult(
  ctx: AppContext,
  pluginId: number,
  gameVersionId: number,
  result: { status: RebuildStatus; logUrl: string | null; finishedAt?: Date },
): Promise<CompatibilityChange[]> {
  return changeStatuses(ctx, pluginId, [gameVersionId], async (tx) => {
    await tx
      .update(pluginCompatibility)
      .set({
        rebuildStatus: result.status,
        rebuildLogUrl: result.logUrl,
        rebuildFinishedAt: result.finishedAt ?? new Date(),
      })
      .where(and(eq(pluginCompatibility.pluginId, pluginId), eq(pluginCompatibility.gameVersionId, gameVersionId)));
  });
}

/** Members' reports, the owner's declaration and the public answer (docs/compatibility.md). */
export class CompatibilityService {
  constructor(private readonly ctx: AppContext) {}

  /** GET /plugins/{id}/compatibility: visible as the plugin is (404 otherwise). */
  async get(pluginId: number, viewer: Principal | null): Promise<PluginCompatibilityAnswer> {
    await visiblePluginRow(this.ctx.db, pluginId, viewer);
    const rows = await entryRows(this.ctx.db, pluginId);
    const current = rows.find((r) => r.current) ?? null;
    const answer: PluginCompatibilityAnswer = { current: current && toEntry(current), versions: rows.map(toEntry) };
    if (!viewer) return answer;
    let myReport: { works: boolean } | null = null;
    if (current) {
      const [mine] = await this.ctx.db
        .select({ works: compatibilityReports.works })
        .from(compatibilityReports)
        .where(
          and(
            eq(compatibilityReports.pluginId, pluginId),
            eq(compatibilityReports.gameVersionId, Number(current.gameVersionId)),
            eq(compatibilityReports.memberId, viewer.memberId),
          ),
        );
      myReport = mine ? { works: mine.works } : null;
    }
    return { ...answer, myReport };
  }

  /** PUT (works given) or DELETE (null) of the member's report; answers as GET does. */
  async report(
    principal: Principal,
    pluginId: number,
    gameVersionId: number,
    works: boolean | null,
  ): Promise<PluginCompatibilityAnswer> {
    const plugin = await visiblePluginRow(this.ctx.db, pluginId, principal);
    if (plugin.memberId === principal.memberId) throw forbidden(C.ownPlugin);
    const [live] = await versionRows(this.ctx.db, pluginId);
    if (!live || !plugin.publishedOnce) throw conflict(C.noVersion);
    const [version] = await this.ctx.db
      .select({ id: gameVersions.id })
      .from(gameVersions)
      .where(eq(gameVersions.id, gameVersionId));
    if (!version) throw notFound(C.unknownGameVersion);
    const key = and(
      eq(compatibilityReports.pluginId, pluginId),
      eq(compatibilityReports.gameVersionId, gameVersionId),
      eq(compatibilityReports.memberId, principal.memberId),
    );
    await changeStatuses(this.ctx, pluginId, [gameVersionId], async (tx) => {
      if (works === null) await tx.delete(compatibilityReports).where(key);
      else
        await tx
          .insert(compatibilityReports)
          .values({ pluginId, gameVersionId, memberId: principal.memberId, works })
          .onConflictDoUpdate({
            target: [compatibilityReports.pluginId, compatibilityReports.gameVersionId, compatibilityReports.memberId],
            set: { works, updatedAt: new Date() },
          });
      // The counts follow the reports in the same transaction, under the row's lock.
      await tx.execute(sql`update plugin_compatibility pc set
          works_count = (select count(*) from compatibility_reports r where r.plugin_id = pc.plugin_id and r.game_version_id = pc.game_version_id and r.works),
          broken_count = (select count(*) from compatibility_reports r where r.plugin_id = pc.plugin_id and r.game_version_id = pc.game_version_id and not r.works)
        where pc.plugin_id = ${pluginId} and pc.game_version_id = ${gameVersionId}`);
    });
    return this.get(pluginId, principal);
  }

  /** PUT /plugins/my/{id}/game-versions: the owner declares which game versions the live version works with. */
  async declare(principal: Principal, pluginId: number, ids: number[]): Promise<DeclaredGameVersionsResponse> {
    await myPluginRow(this.ctx.db, principal, pluginId);
    const [live] = await versionRows(this.ctx.db, pluginId);
    if (!live) throw conflict(C.noLiveVersion);
    const gameVersionIds = await checkGameVersionIds(this.ctx.db, ids);
    const before = (await declaredGameVersions(this.ctx.db, [live.id])).get(live.id) ?? [];
    const touched = [...new Set([...before, ...gameVersionIds])];
    await changeStatuses(this.ctx, pluginId, touched, (tx) => declareGameVersions(tx, live.id, gameVersionIds));
    return { submissionId: live.id, gameVersionIds };
  }

  /** The declaration of the live version (the manage page's editor), null without one. */
  async declared(principal: Principal, pluginId: number): Promise<DeclaredGameVersionsResponse | null> {
    await myPluginRow(this.ctx.db, principal, pluginId);
    const [live] = await versionRows(this.ctx.db, pluginId);
    if (!live) return null;
    return {
      submissionId: live.id,
      gameVersionIds: (await declaredGameVersions(this.ctx.db, [live.id])).get(live.id) ?? [],
    };
  }
}
