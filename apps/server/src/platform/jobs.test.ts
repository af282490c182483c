import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase } from '../../test/harness.js';
import type { Database } from '../db/client.js';
import { JobRunner, PermanentJobError } from './jobs.js';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const jobRow = async (id: number) =>
  (
    (await database.db.execute(
      sql`select status, attempts, last_error as "lastError", run_at as "runAt" from jobs where id = ${id}`,
    )) as unknown as {
      rows: Array<{ status: string; attempts: number; lastError: string | null; runAt: string }>;
    }
  ).rows[0]!;

describe('job runner', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const runner = new JobRunner(database.db, log);
    const seen: unknown[] = [];
    runner.register('echo', async (payload, job) => {
      seen.push([payload, job.attempt]);
    });
    const id = await runner.enqueue('echo', { n: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([[{ n: 1 }, 1]]);
    expect((await jobRow(id!)).status).toBe('done');
    expect(await runner.runDue()).toBe(0);
  });

  it('retries a failing job with backoff, then keeps it dead with its last error', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register(
      'flaky',
      async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
      { maxAttempts: 3, backoffMs: () => 0 },
    );
    const id = await runner.enqueue('flaky', {});
    await runner.runDue();
    expect(calls).toBe(3);
    const row = await jobRow(id!);
    expect(row).toMatchObject({ status: 'dead', attempts: 3, lastError: 'boom 3' });
  });

  it('waits for the backoff before the next attempt', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register(
      'later',
      async () => {
        calls++;
        throw new Error('not yet');
      },
      { backoffMs: () => 60_000 },
    );
    const id = await runner.enqueue('later', {});
    await runner.runDue();
    expect(calls).toBe(1);
    const row = await jobRow(id!);
    expect(row.status).toBe('pending');
    expect(new Date(row.runAt).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('does not retry a permanent failure', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register('bad', async () => {
      calls++;
      throw new PermanentJobError('bad payload');
    });
    const id = await runner.enqueue('bad', {});
    await runner.runDue();
    expect(calls).toBe(1);
    expect((await jobRow(id!)).status).toBe('dead');
  });

  it('keeps one unfinished job per dedupe key, and cancel drops it', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register('timeout', async () => {
      calls++;
    });
    const first = await runner.enqueue('timeout', {}, { dedupeKey: 'k:1', delayMs: 60_000 });
    expect(first).not.toBeNull();
    expect(await runner.enqueue('timeout', {}, { dedupeKey: 'k:1', delayMs: 60_000 })).toBeNull();
    await runner.cancel('k:1');
    expect((await jobRow(first!)).status).toBe('done');
    // Once finished, the key may be used again.
    expect(await runner.enqueue('timeout', {}, { dedupeKey: 'k:1' })).not.toBeNull();
    await runner.runDue();
    expect(calls).toBe(1);
  });

  it('a job enqueued in a rolled-back transaction never runs', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register('tx', async () => {
      calls++;
    });
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue('tx', {}, {}, tx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await runner.runDue();
    expect(calls).toBe(0);
  });

  it('takes over a job whose runner died mid-run once its lock expires', async () => {
    const runner = new JobRunner(database.db, log);
    let calls = 0;
    runner.register('orphan', async () => {
      calls++;
    });
    const id = await runner.enqueue('orphan', {}, { delayMs: 60_000 });
    await database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, run_at = now(), locked_until = now() - interval '1 second' where id = ${id}`,
    );
    await runner.runDue();
    expect(calls).toBe(1);
    expect(await jobRow(id!)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a database fault in a pass is caught: kick resolves and the next pass works', async () => {
    const broken = {
      execute: async () => Promise.reject(new Error('connection refused')),
    } as unknown as Database['db'];
    const runner = new JobRunner(broken, log);
    runner.register('x', async () => undefined);
    await expect(runner.kick()).resolves.toBe(0);
  });

  it('runs periodic tasks when due, never two runs of one at once, and survives their errors', async () => {
    const runner = new JobRunner(database.db, log);
    let runs = 0;
    let fails = 0;
    let release!: () => void;
    runner.every('slow', 1000, () => {
      runs++;
      return new Promise<void>((r) => (release = r));
    });
    runner.every('broken', 1000, async () => {
      fails++;
      throw new Error('maintenance failed');
    });
    const now = Date.now();
    const first = runner.tickPeriodic(now);
    // Due again, but the first run has not finished: no second run.
    void runner.tickPeriodic(now + 5000);
    expect(runs).toBe(1);
    release();
    await first;
    expect(fails).toBe(1);
    await runner.tickPeriodic(now + 500);
    expect(runs).toBe(1);
    const third = runner.tickPeriodic(now + 10_000);
    release();
    await third;
    expect([runs, fails]).toEqual([2, 2]);
  });
});
