import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plugins } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { PluginMatchIndexSync } from './match-sync.js';
import { queryRows } from './presenter.js';
import { findInIndex as find, insertListedPlugins } from './test-support.js';

/**
 * On a PostgreSQL server, two transactions at once: the one that took the lower change number
 * commits after the index has read the other's. The next look must still take it in.
 */
let t: TestApp;
const ids: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { SEARCH_INDEX: 'sql' } });
  ids.push(...(await insertListedPlugins(t, 'Racewright', ['First Widget', 'Second Widget'], 'Plain')));
});
afterAll(() => t.close());

describe('PluginMatchIndexSync on a PostgreSQL server', () => {
  it('takes in a change whose transaction committed after a later-numbered one was read', async () => {
    const sync = new PluginMatchIndexSync((q) => queryRows(t.ctx.db, q), {
      warn: () => undefined,
      info: () => undefined,
    } as never);
    await sync.start();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let noted!: () => void;
    const wrote = new Promise<void>((r) => (noted = r));
    const slow = t.ctx.db.transaction(async (tx) => {
      await tx.update(plugins).set({ shortDescription: 'Late quixotrel' }).where(eq(plugins.id, ids[0]!));
      noted();
      await gate;
    });
    await wrote;
    await t.ctx.db.update(plugins).set({ shortDescription: 'Early brambleweft' }).where(eq(plugins.id, ids[1]!));
    await sync.poll();
    expect(find(await sync.current(0), 'brambleweft')).toEqual([ids[1]]);
    expect(find(await sync.current(0), 'quixotrel')).toEqual([]);
    release();
    await slow;
    await sync.poll();
    expect(find(await sync.current(0), 'quixotrel')).toEqual([ids[0]]);
  });
});
