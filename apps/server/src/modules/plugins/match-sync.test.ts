import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { plugins } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { PluginMatchIndexSync } from './match-sync.js';
import { queryRows } from './presenter.js';
import { findInIndex as find, insertListedPlugins } from './test-support.js';

/** The match index follows plugin_search through plugin_search_changes, and a failed look harms nothing. */

let t: TestApp;
const ids: number[] = [];
const warnings: unknown[] = [];
const log = { warn: (o: unknown) => warnings.push(o), info: () => undefined } as never;

beforeAll(async () => {
  t = await startTestApp({ env: { SEARCH_INDEX: 'sql' } });
  ids.push(
    ...(await insertListedPlugins(t, 'Syncwright', ['Alpha Gizmo', 'Beta Gizmo', 'Gamma Gizmo'], 'A small device')),
  );
});
afterAll(() => t.close());

const rowsOf = <T>(q: Parameters<typeof queryRows>[1]) => queryRows<T>(t.ctx.db, q);
const newestChange = async () =>
  Number((await rowsOf<{ seq: string | null }>(sql`select max(seq) as seq from plugin_search_changes`))[0]?.seq ?? 0);

describe('PluginMatchIndexSync', () => {
  it('loads the listed plugins, then takes in changes and removals a search has seen', async () => {
    const sync = new PluginMatchIndexSync(rowsOf, log);
    expect(await sync.current(0)).toBeNull(); // starts loading; SQL answers meanwhile
    await sync.start();
    const index = await sync.current(0);
    expect(find(index, 'gizmo').sort()).toEqual([...ids].sort());

    await t.ctx.db.update(plugins).set({ name: 'Alpha Sprocket' }).where(eq(plugins.id, ids[0]!));
    await t.ctx.db.update(plugins).set({ isListed: false }).where(eq(plugins.id, ids[1]!));
    // Not yet looked: the index answers as it was until a search brings the newest change.
    expect(find(await sync.current(0), 'sprocket')).toEqual([]);
    const seen = await sync.current(await newestChange());
    expect(find(seen, 'sprocket')).toEqual([ids[0]]);
    expect(find(seen, 'gizmo').sort()).toEqual([ids[2]]);
    // A change of downloads alone is taken in place.
    await t.ctx.db.update(plugins).set({ downloadCount: 77 }).where(eq(plugins.id, ids[2]!));
    await sync.poll();
    expect(find(await sync.current(0), 'gizmo')).toEqual([ids[2]]);
    expect(seen!.wasted).toBe(2);
  });

  it('keeps answering when a look fails, logs it, and catches up on the next', async () => {
    const sync = new PluginMatchIndexSync(rowsOf, log);
    await sync.start();
    await t.ctx.db.update(plugins).set({ name: 'Gamma Whirligig' }).where(eq(plugins.id, ids[2]!));
    const seq = await newestChange();
    await t.ctx.db.execute(sql`alter table plugin_search_changes rename to plugin_search_changes_away`);
    try {
      await expect(sync.poll()).rejects.toThrow();
      warnings.length = 0;
      // A search that needs a look it cannot have runs in SQL (null) and says why.
      expect(await sync.current(seq)).toBeNull();
      expect(warnings).toHaveLength(1);
    } finally {
      await t.ctx.db.execute(sql`alter table plugin_search_changes_away rename to plugin_search_changes`);
    }
    expect(find(await sync.current(seq), 'whirligig')).toEqual([ids[2]]);
  });

  it('drops change entries older than an hour', async () => {
    await t.ctx.db.execute(
      sql`update plugin_search_changes set at = now() - interval '2 hours' where plugin_id = ${ids[0]!}`,
    );
    const sync = new PluginMatchIndexSync(rowsOf, log);
    await sync.prune();
    const left = await rowsOf<{ pluginId: number }>(
      sql`select distinct plugin_id as "pluginId" from plugin_search_changes`,
    );
    expect(left.map((r) => r.pluginId)).not.toContain(ids[0]);
    expect(left.map((r) => r.pluginId)).toContain(ids[2]);
  });
});
