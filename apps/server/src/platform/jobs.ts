import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';

export interface JobInfo {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

export interface JobKindOptions {
  /** Runs before the job is dead (kept for the admin screen); default 8. */
  maxAttempts?: number;
  /** Wait before the next attempt after a failure of `attempt`; default 5 s doubling, at most 1 h. */
  backoffMs?: (attempt: number) => number;
  /** A run longer than this is taken to have died with its instance and is run again; default 5 min. */
  timeoutMs?: number;
}

export interface EnqueueOptions {
  delayMs?: number;
  runAt?: Date;
  /** At most one unfinished job per key: a second enqueue with the key does nothing (answers null). */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** A job whose handler throws this is not retried: it goes dead at once (bad payload, gone for good). */
export class PermanentJobError extends Error {}

/** A handler whose payload must match `schema`: a payload that does not goes dead at once, unretried. */
export function checkedPayload<S extends z.ZodType<Record<string, unknown>>>(
  kind: string,
  schema: S,
  handle: (payload: z.infer<S>) => Promise<void>,
): JobHandler {
  return async (raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new PermanentJobError(`Bad ${kind} payload: ${parsed.error.message}`);
    await handle(parsed.data);
  };
}

const defaultBackoff = (attempt: number) => Math.min(3_600_000, 5000 * 2 ** (attempt - 1));

interface ClaimedRow {
  id: number | string;
  kind: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
}

/**
 * The one job runner: background work (builder dispatch and its retries, build timeouts, batch
 * notices...) as rows of the `jobs` table, claimed with FOR UPDATE SKIP LOCKED so that any number
 * of instances share them. Failures retry with backoff; after the last attempt a job is kept as
 * 'dead'. No error of a handler or of the database ever leaves the polling loop.
 */
export class JobRunner {
  private readonly kinds = new Map<string, { handler: JobHandler; opts: Required<JobKindOptions> }>();
  private readonly periodic = new Map<
    string,
    { everyMs: number; fn: () => Promise<unknown>; nextAt: number; running?: Promise<void> }
  >();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler, opts: JobKindOptions = {}) {
    this.kinds.set(kind, {
      handler,
      opts: {
        maxAttempts: opts.maxAttempts ?? 8,
        backoffMs: opts.backoffMs ?? defaultBackoff,
        timeoutMs: opts.timeoutMs ?? 300_000,
      },
    });
  }

  /** Adds a job (in `db`, so a caller's transaction makes it part of its change). Null when a job with the dedupe key is unfinished. */
  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions = {},
    db: Db = this.db,
  ): Promise<number | null> {
    const runAt = opts.runAt ?? new Date(Date.now() + (opts.delayMs ?? 0));
    const maxAttempts = opts.maxAttempts ?? this.kinds.get(kind)?.opts.maxAttempts ?? 8;
    const rows = (await db.execute(sql`
      insert into jobs (kind, payload, run_at, max_attempts, dedupe_key)
      values (${kind}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz, ${maxAttempts}, ${opts.dedupeKey ?? null})
      on conflict (dedupe_key) where status in ('pending', 'running') do nothing
      returning id`)) as unknown as { rows: Array<{ id: number | string }> };
    const id = rows.rows[0]?.id;
    // A started runner (the server) runs a job due now at once rather than on its next tick.
    if (id !== undefined && this.timer && !opts.runAt && !opts.delayMs) setImmediate(() => void this.kick());
    return id === undefined ? null : Number(id);
  }

  /**
   * The newest job of a kind whose payload contains `match` (a batched job queues its next batch
   * with the same key): where a chain of jobs has got to. Null when there is none.
   */
  async latest(
    kind: string,
    match: Record<string, unknown>,
  ): Promise<{ id: number; status: 'pending' | 'running' | 'done' | 'dead'; payload: Record<string, unknown> } | null> {
    const res = (await this.db.execute(sql`
      select id, status, payload from jobs
      where kind = ${kind} and payload @> ${JSON.stringify(match)}::jsonb
      order by id desc limit 1`)) as unknown as {
      rows: Array<{ id: number | string; status: string; payload: Record<string, unknown> | string }>;
    };
    const row = res.rows[0];
    if (!row) return null;
    const payload =
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    return { id: Number(row.id), status: row.status as 'pending' | 'running' | 'done' | 'dead', payload };
  }

  /** Drops the unfinished job with this key (e.g. a build timeout once the build has answered). */
  async cancel(dedupeKey: string, db: Db = this.db): Promise<void> {
    await db.execute(
      sql`update jobs set status = 'done', last_error = 'cancelled', updated_at = now() where dedupe_key = ${dedupeKey} and status = 'pending'`,
    );
  }

  /**
   * Maintenance every instance runs on the runner's tick (draining the mail outbox, pruning old
   * marks): never two runs of one task at once, and an error is logged and tried again next time.
   */
  every(name: string, everyMs: number, fn: () => Promise<unknown>, opts: { runAtStart?: boolean } = {}) {
    this.periodic.set(name, { everyMs, fn, nextAt: opts.runAtStart === false ? Date.now() + everyMs : 0 });
  }

  /** Runs the maintenance tasks that are due (once each); resolves when they have finished. */
  async tickPeriodic(now = Date.now()): Promise<void> {
    const runs: Array<Promise<void>> = [];
    for (const [name, task] of this.periodic) {
      if (task.running || now < task.nextAt) continue;
      task.nextAt = now + task.everyMs;
      task.running = task
        .fn()
        .then(() => undefined)
        .catch((err) => this.log.warn({ err, task: name }, 'Periodic task failed; it runs again on its next turn'))
        .finally(() => (task.running = undefined));
      runs.push(task.running);
    }
    await Promise.all(runs);
  }

  start(intervalMs = 1000) {
    this.stopped = false;
    this.timer = setInterval(() => {
      void this.kick();
      void this.tickPeriodic();
    }, intervalMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await Promise.all([...this.periodic.values()].map((t) => t.running));
  }

  /** Starts a pass now unless one is under way; never rejects. */
  kick(): Promise<number> {
    this.running ??= this.pass()
      .catch((err) => {
        this.log.warn({ err }, 'Job pass failed; retrying on the next tick');
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Runs every job due now (and any a run makes due), waiting for a pass under way first. For tests and shutdown. */
  async runDue(): Promise<number> {
    await this.running;
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await this.kick();
      total += n;
      if (n === 0) return total;
    }
    return total;
  }

  /** Claims and runs due jobs until none is left; answers how many ran. */
  private async pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await this.claim(5);
      if (batch.length === 0) return ran;
      for (const row of batch) {
        await this.run(row);
        ran++;
      }
      if (this.stopped) return ran;
    }
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const kinds = [...this.kinds.keys()];
    if (kinds.length === 0) return [];
    const res = (await this.db.execute(sql`
      with due as (
        select id from jobs
        where status in ('pending', 'running') and run_at <= now()
          and (status = 'pending' or locked_until < now())
          and kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update jobs j set status = 'running', attempts = j.attempts + 1, updated_at = now(),
        locked_until = now() + make_interval(secs => ${Math.ceil(this.maxTimeoutMs() / 1000)})
      from due where j.id = due.id
      returning j.id, j.kind, j.payload, j.attempts, j.max_attempts`)) as unknown as { rows: ClaimedRow[] };
    return res.rows;
  }

  private maxTimeoutMs() {
    let max = 0;
    for (const k of this.kinds.values()) max = Math.max(max, k.opts.timeoutMs);
    return max || 300_000;
  }

  private async run(row: ClaimedRow) {
    const id = Number(row.id);
    const kind = this.kinds.get(row.kind);
    const payload =
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    const info: JobInfo = { id, kind: row.kind, attempt: row.attempts, maxAttempts: row.max_attempts };
    try {
      if (!kind) throw new PermanentJobError(`No handler for job kind ${row.kind}`);
      await kind.handler(payload, info);
      await this.db.execute(
        sql`update jobs set status = 'done', locked_until = null, last_error = null, updated_at = now() where id = ${id}`,
      );
    } catch (err) {
      const message = String((err as Error)?.message ?? err).slice(0, 2000);
      const dead = err instanceof PermanentJobError || row.attempts >= row.max_attempts;
      const delay = dead ? 0 : (kind?.opts.backoffMs ?? defaultBackoff)(row.attempts);
      this.log.warn(
        { err, jobId: id, kind: row.kind, attempt: row.attempts, dead },
        dead ? 'Job failed for good' : 'Job failed; will retry',
      );
      await this.db
        .execute(
          sql`update jobs set status = ${dead ? 'dead' : 'pending'}, last_error = ${message}, locked_until = null,
              run_at = now() + make_interval(secs => ${delay / 1000}), updated_at = now() where id = ${id}`,
        )
        .catch((e) =>
          this.log.warn({ err: e, jobId: id }, 'Job failure not recorded; it runs again when its lock expires'),
        );
    }
  }
}
