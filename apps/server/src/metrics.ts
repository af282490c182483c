import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { matchSyncOf, queryRows } from './modules/plugins/index.js';

interface Counted {
  kind?: string;
  status?: string;
  n: number | string;
  age?: number | string | null;
}

/**
 * The gauges of the server's metrics, read when /metrics is scraped (one place, like jobs.ts for
 * the job runner): database pool, jobs per kind and state, sockets, search index, mail outbox.
 * The read cache and the requests count themselves (platform/metrics.ts). docs/ops/metrics.md.
 */
export function registerMetrics(ctx: AppContext): void {
  const m = ctx.metrics;
  const onError = (err: unknown) => ctx.log.warn({ err }, 'A metric could not be read');
  const rows = (query: SQL) => queryRows<Counted>(ctx.db, query);

  m.gauge(
    { name: 'db_pool_connections', help: 'Database connections of this server, by state', labelNames: ['state'] },
    (set) => {
      const pool = ctx.database.poolStats?.();
      if (!pool) return; // the embedded database has one connection and no pool
      set(pool.total - pool.idle, { state: 'in_use' });
      set(pool.idle, { state: 'idle' });
    },
    onError,
  );
  m.gauge(
    { name: 'db_pool_waiting', help: 'Queries waiting for a database connection of this server' },
    (set) => {
      const pool = ctx.database.poolStats?.();
      if (pool) set(pool.waiting);
    },
    onError,
  );
  m.gauge(
    {
      name: 'jobs',
      help: 'Jobs of the job runner (all servers), by kind and state: queued, running, dead',
      labelNames: ['kind', 'state'],
    },
    async (set) => {
      const counted = await rows(
        sql`select kind, status, count(*) as n from jobs where status in ('pending', 'running', 'dead') group by kind, status`,
      );
      const state = { pending: 'queued', running: 'running', dead: 'dead' } as Record<string, string>;
      for (const r of counted) set(Number(r.n), { kind: r.kind!, state: state[r.status!]! });
    },
    onError,
  );
  m.gauge(
    { name: 'sockets_connected', help: 'Real-time clients connected to this server' },
    (set) => set(ctx.hub.clientCount()),
    onError,
  );
  m.gauge(
    { name: 'search_index_ready', help: "1 when this server's plugin match index is loaded (0: searches run in SQL)" },
    (set) => {
      const sync = matchSyncOf(ctx);
      if (sync) set(sync.state().ready ? 1 : 0);
    },
    onError,
  );
  m.gauge(
    {
      name: 'search_index_lag_changes',
      help: "Plugin search changes written that this server's match index has not read yet",
    },
    async (set) => {
      const sync = matchSyncOf(ctx);
      if (!sync) return;
      const [last] = await rows(sql`select coalesce(max(seq), 0) as n from plugin_search_changes`);
      set(Math.max(0, Number(last?.n ?? 0) - sync.state().indexedSeq));
    },
    onError,
  );
  const outbox = async () => {
    const [r] = await rows(
      sql`select count(*) as n, extract(epoch from now() - min(created_at)) as age from mail_outbox where status = 'pending'`,
    );
    return { depth: Number(r?.n ?? 0), age: Number(r?.age ?? 0) };
  };
  m.gauge(
    { name: 'mail_outbox_pending', help: 'Emails waiting in the outbox (all servers)' },
    async (set) => set((await outbox()).depth),
    onError,
  );
  m.gauge(
    { name: 'mail_outbox_oldest_seconds', help: 'Age of the oldest email waiting in the outbox (0 when none)' },
    async (set) => set((await outbox()).age),
    onError,
  );
}
