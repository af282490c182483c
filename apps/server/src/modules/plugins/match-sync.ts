import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PluginMatchIndex, type MatchRow } from './match-index.js';

/** How a sync reads the database. */
export type RowsOf = <T>(query: SQL) => Promise<T[]>;

const rowColumns = sql`plugin_id as id, name, name_length as "nameLength", downloads, has_source as "hasSource", tag_ids as "tagIds", document::text as document`;

/** Changes are kept this long; an index that has not looked for longer loads everything again. */
const CHANGES_KEPT_MS = 3600_000;
const RELOAD_AFTER_MS = CHANGES_KEPT_MS / 2;
/** Plugins read per statement when the index loads. */
const LOAD_BATCH = 5000;
/** Plugins reloaded per statement when many changed at once. */
const RELOAD_BATCH = 500;

/** Numbers as numbers (bigint and numeric columns may come as text). */
const toMatchRow = (r: MatchRow): MatchRow => ({
  ...r,
  id: Number(r.id),
  downloads: Number(r.downloads),
  nameLength: Number(r.nameLength),
  tagIds: r.tagIds.map(Number),
});

/**
 * Keeps a PluginMatchIndex equal to plugin_search: loads it whole, then every `poll` reads the
 * entries of plugin_search_changes it has not applied and reloads those plugins (a plugin no longer
 * in plugin_search leaves). Entries are read again while their transaction may still have been
 * running when the index last looked (xid at or above that look's snapshot xmin): a transaction
 * that took a lower sequence number but committed later is not missed.
 *
 * Every search reads the newest change entry with its words (no extra round trip) and waits for a
 * poll when the index has not seen it, so a search shows every write committed before it, made by
 * any server. (One race is left to the periodic poll, every second: a change whose transaction took
 * its number before another's but committed after the index read that other one.) A poll that fails is logged and tried again; the index keeps
 * answering with what it has. While nothing is loaded (starting, or the database was away from the
 * start) `current()` answers null and searches run in SQL.
 */
export class PluginMatchIndexSync {
  private index: PluginMatchIndex | null = null;
  private lastSeq = 0;
  private xmin = 0n;
  /** Entries applied whose transactions were running at the last look: read again, not applied again. */
  private applied = new Set<number>();
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private loading: Promise<void> | null = null;
  private lastLookAt = 0;

  constructor(
    private readonly rows: RowsOf,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The index once loaded, current with every change up to `changeSeq` (the newest entry of
   * plugin_search_changes the search saw, read with its words); null until it is loaded.
   */
  async current(changeSeq: number): Promise<PluginMatchIndex | null> {
    if (!this.index) {
      void this.start();
      return null;
    }
    if (changeSeq > this.lastSeq) {
      try {
        await this.poll();
      } catch (err) {
        this.log.warn({ err }, 'plugin match index: could not catch up; searching in SQL');
        return null;
      }
    }
    return this.index;
  }

  /** Whether the index is loaded, and the newest change of plugin_search_changes it holds (metrics: its lag). */
  state(): { ready: boolean; indexedSeq: number } {
    return { ready: this.index !== null, indexedSeq: this.lastSeq };
  }

  /** Loads the index (once; again after a failure). */
  start(): Promise<void> {
    this.loading ??= this.load().catch((err: unknown) => {
      this.loading = null;
      this.log.warn({ err }, 'plugin match index: could not load; searching in SQL');
    });
    return this.loading;
  }

  private async snapshotXmin(): Promise<bigint> {
    const [row] = await this.rows<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
    return BigInt(row!.xmin);
  }

  private async load(): Promise<void> {
    const started = Date.now();
    // What is noted after this look is read by the next poll; what the rows below already hold is
    // reloaded then too, which changes nothing.
    const xmin = await this.snapshotXmin();
    const [last] = await this.rows<{ seq: string | number | null }>(
      sql`select max(seq) as seq from plugin_search_changes`,
    );
    const index = new PluginMatchIndex();
    // In batches, so a large catalogue's rows are not all held at once.
    for (let after = 0; ;) {
      const batch = await this.rows<MatchRow>(
        sql`select ${rowColumns} from plugin_search where plugin_id > ${after} order by plugin_id limit ${LOAD_BATCH}`,
      );
      for (const r of batch) index.upsert(toMatchRow(r));
      if (batch.length < LOAD_BATCH) break;
      after = Number(batch[batch.length - 1]!.id);
    }
    this.index = index;
    this.lastSeq = Number(last?.seq ?? 0);
    this.xmin = xmin;
    this.applied = new Set();
    this.lastLookAt = started;
    this.log.info({ plugins: index.count, ms: Date.now() - started }, 'plugin match index loaded');
  }

  /**
   * Applies what changed since the last look. Polls run one at a time; a call while one runs waits
   * for the next (the running one may have looked before the caller's write), shared by every
   * caller that comes before it starts.
   */
  poll(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.chain
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.pollOnce();
      });
    this.queued = next;
    this.chain = next;
    return next;
  }

  private async pollOnce(): Promise<void> {
    if (!this.index) return this.start();
    if (Date.now() - this.lastLookAt > RELOAD_AFTER_MS || this.index.wasted > Math.max(1000, this.index.count)) {
      this.loading = null;
      return this.start();
    }
    const startedAt = Date.now();
    const xmin = await this.snapshotXmin();
    const changes = await this.rows<{ seq: string | number; pluginId: number }>(
      sql`select seq, plugin_id as "pluginId" from plugin_search_changes where seq > ${this.lastSeq} or xid >= ${this.xmin.toString()}::xid8`,
    );
    const fresh = changes.filter((c) => !this.applied.has(Number(c.seq)));
    const ids = [...new Set(fresh.map((c) => Number(c.pluginId)))];
    for (let i = 0; i < ids.length; i += RELOAD_BATCH) {
      const batch = ids.slice(i, i + RELOAD_BATCH);
      const found = (
        await this.rows<MatchRow>(
          sql`select ${rowColumns} from plugin_search where plugin_id = any(${`{${batch.join(',')}}`}::int[])`,
        )
      ).map(toMatchRow);
      const present = new Set(found.map((r) => r.id));
      for (const r of found) this.index.upsert(r);
      for (const id of batch) if (!present.has(id)) this.index.remove(id);
    }
    this.applied = new Set(changes.map((c) => Number(c.seq)));
    for (const c of changes) this.lastSeq = Math.max(this.lastSeq, Number(c.seq));
    this.xmin = xmin;
    this.lastLookAt = startedAt;
  }

  /** Drops change entries no index needs any more. */
  async prune(): Promise<void> {
    await this.rows(
      sql`delete from plugin_search_changes where at < now() - make_interval(secs => ${CHANGES_KEPT_MS / 1000})`,
    );
  }
}
