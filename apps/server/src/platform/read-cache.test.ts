import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

const sized = { maxSize: 100, size: () => 1 };

/** A load that answers when told to, counting its calls. */
function controlledLoad() {
  let calls = 0;
  const pending: Array<(v: { n: number }) => void> = [];
  return {
    load: () => {
      calls += 1;
      return new Promise<{ n: number }>((resolve) => pending.push(resolve));
    },
    answer: (n: number) => pending.shift()!({ n }),
    get calls() {
      return calls;
    },
  };
}

describe('ReadCache', () => {
  it('shares one load among concurrent callers and keeps its answer', async () => {
    const cache = new ReadCache<{ n: number }>(60_000, sized);
    const c = controlledLoad();
    const first = cache.get('k', c.load);
    const second = cache.get('k', c.load);
    c.answer(1);
    expect(await first).toEqual({ n: 1 });
    expect(await second).toEqual({ n: 1 });
    expect(await cache.get('k', c.load)).toEqual({ n: 1 });
    expect(c.calls).toBe(1);
  });

  it("with once: 'load', keeps a key only from its second asking", async () => {
    const cache = new ReadCache<{ n: number }>(60_000, sized);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    expect(await cache.get('search', load, { once: 'load' })).toEqual({ n: 1 });
    expect(await cache.get('search', load, { once: 'load' })).toEqual({ n: 2 });
    expect(await cache.get('search', load, { once: 'load' })).toEqual({ n: 2 });
    expect(await cache.get('other', load, { once: 'load' })).toEqual({ n: 3 });
    expect(await cache.get('list', load)).toEqual({ n: 4 });
    expect(await cache.get('list', load)).toEqual({ n: 4 });
    expect(calls).toBe(4);
  });

  it('never serves an answer loaded before invalidate(), yet still gives it to its callers', async () => {
    const cache = new ReadCache<{ n: number }>(60_000, sized);
    const c = controlledLoad();
    const before = cache.get('k', c.load);
    cache.invalidate();
    c.answer(1);
    expect(await before).toEqual({ n: 1 });
    const after = cache.get('k', c.load);
    c.answer(2);
    expect(await after).toEqual({ n: 2 });
    expect(c.calls).toBe(2);
  });

  it('drops one entry on invalidate(key): a load of it under way is not kept, the others stay', async () => {
    const cache = new ReadCache<{ n: number }>(60_000, sized);
    const c = controlledLoad();
    const other = controlledLoad();
    const keptOther = cache.get('other', other.load);
    other.answer(7);
    await keptOther;

    const before = cache.get('k', c.load);
    cache.invalidate('k');
    c.answer(1);
    expect(await before).toEqual({ n: 1 });
    const after = cache.get('k', c.load);
    c.answer(2);
    expect(await after).toEqual({ n: 2 });
    expect(await cache.get('k', c.load)).toEqual({ n: 2 });
    expect(c.calls).toBe(2);

    cache.invalidate('k');
    const again = cache.get('k', c.load);
    c.answer(3);
    expect(await again).toEqual({ n: 3 });
    expect(await cache.get('other', other.load)).toEqual({ n: 7 });
    expect(other.calls).toBe(1);
  });

  it('keeps no failed load, and loads every time when turned off (ttl 0)', async () => {
    const cache = new ReadCache<{ n: number }>(60_000, sized);
    await expect(cache.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('k', async () => ({ n: 3 }))).toEqual({ n: 3 });

    const off = new ReadCache<{ n: number }>(0, sized);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    await off.get('k', load);
    expect(await off.get('k', load)).toEqual({ n: 2 });
  });

  it('lets entries expire after their time', async () => {
    const cache = new ReadCache<{ n: number }>(30, sized);
    let calls = 0;
    const load = async () => ({ n: ++calls });
    await cache.get('k', load);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });
});
