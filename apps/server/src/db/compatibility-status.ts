import { sql, type SQL } from 'drizzle-orm';
import { COMPATIBILITY_REPORTS_NEEDED } from '@bm/core';

/**
 * The compatibility rule (compatibilityStatus in packages/core) as SQL, for the plugin answers, the
 * `compatible=current` filter and GET /plugins/{id}/compatibility alike (docs/compatibility.md).
 * `pc` is a row of plugin_compatibility (may be null: a left join), `declared` a boolean condition.
 */
export function compatibilityStatusSql(pc: string, declared: SQL): SQL {
  const n = COMPATIBILITY_REPORTS_NEEDED;
  const c = sql.raw(pc);
  return sql`(case
    when ${c}.rebuild_status = 'failed' or (${c}.broken_count >= ${sql.raw(String(n))} and ${c}.broken_count > ${c}.works_count) then 'broken'
    when ${declared} or ${c}.rebuild_status = 'passed' or (${c}.works_count >= ${sql.raw(String(n))} and ${c}.works_count > ${c}.broken_count) then 'works'
    else 'unverified' end)`;
}

/** The live version of plugin `pluginId` (aliases of its own, so that `pluginId` may name any outer column) (its latest approved submission with a binary): its id, or null. */
export const liveVersionIdSql = (pluginId: SQL): SQL =>
  sql`(select lvs.id from submissions lvs where lvs.plugin_id = ${pluginId} and lvs.status = 'a' and lvs.binary_key is not null
    order by lvs.approved_at desc nulls last, lvs.id desc nulls last limit 1)`;

/** The author declares version `submissionId` works with game version `gameVersionId`. */
export const declaredSql = (submissionId: SQL, gameVersionId: SQL): SQL =>
  sql`exists (select 1 from submission_game_versions d where d.submission_id = ${submissionId} and d.game_version_id = ${gameVersionId})`;

/** Plugin `pluginId` works with the current game version: the rule, for one plugin. */
const worksNowSql = (pluginId: SQL): SQL =>
  sql`exists (select 1 from game_versions cg left join plugin_compatibility fpc on fpc.plugin_id = ${pluginId} and fpc.game_version_id = cg.id
    where cg.current and ${compatibilityStatusSql('fpc', declaredSql(liveVersionIdSql(pluginId), sql`cg.id`))} = 'works')`;

/**
 * Plugin `pluginId` works with the current game version (the `compatible=current` filter): false
 * while there is no game version. Only plugins with a row or a declaration for the current version
 * can work with it: those few are gathered once (a set the statement reads, not a test per plugin of
 * the catalogue), then the rule is applied to each.
 */
export const worksWithCurrentSql = (pluginId: SQL): SQL =>
  sql`${pluginId} in (
    select c.plugin_id from (
      select wpc.plugin_id from plugin_compatibility wpc join game_versions wg on wg.id = wpc.game_version_id and wg.current
      union
      select ws.plugin_id from submission_game_versions wd
        join game_versions wg on wg.id = wd.game_version_id and wg.current
        join submissions ws on ws.id = wd.submission_id
    ) c
    where ${worksNowSql(sql`c.plugin_id`)})`;
