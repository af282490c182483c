import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import * as schema from './schema.js';
import { serverRoot } from '../paths.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Only for PGlite: the instance, so tests can dump and reload it. */
  pglite?: PGlite;
  /**
   * Only for PostgreSQL: rows of a statement prepared once per pooled connection, named after its
   * text (so planned once, not on every call). Only for statements whose texts come in few shapes
   * (values as parameters): each shape stays prepared on every connection.
   */
  prepared?<T>(query: SQL): Promise<T[]>;
  /** Only for PostgreSQL: the connection string (backups run pg_dump and psql with it). */
  url?: string;
  /** Only for PostgreSQL: the pool's connections (open, idle) and the queries waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** The name a statement is prepared under on each connection: its text's hash, so one text is one plan. */
export function preparedName(text: string): string {
  return `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/**
 * The embedded database's buffer cache. PostgreSQL's default of 128 MB is written through at start
 * and stays resident for the life of the process; the embedded database's files are read through
 * the operating system, whose page cache keeps them anyway, so a small cache costs little.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; undefined keeps it in memory. */
  dataDir?: string;
  /** A dump to start the embedded database from (tests). */
  loadDataDir?: Blob | File;
}

/**
 * Hands out pool clients that go back to the pool (destroyed) as soon as their connection is lost,
 * and whose release may be called twice. drizzle's transaction() never releases a client whose
 * BEGIN fails, so without this every database blip that meets a transaction leaks a connection
 * for good, and after `max` of them the server never recovers.
 */
function releaseLostClients(pool: pg.Pool) {
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client);
    let released = false;
    const onError = (err: Error) => done(err);
    const done = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onError);
      release(err);
    };
    client.on('error', onError);
    client.release = done;
    return client;
  };
  const connect = pool.connect.bind(pool) as (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (e?: Error | boolean) => void) => void,
  ) => Promise<pg.PoolClient> | void;
  (pool as { connect: unknown }).connect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (e?: Error | boolean) => void) => void,
  ) => {
    if (typeof cb === 'function') {
      return connect((err, client) => {
        if (err || !client) return cb(err);
        const guarded = guard(client);
        cb(undefined, guarded, guarded.release);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(guard);
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  // Each kind's driver is loaded only when it is the one used (the other costs start time and memory).
  if (opts.databaseUrl) {
    const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // A connection attempt that hangs (a server gone from the network) fails after 5 s instead of holding the request.
    const pool = new pgDriver.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server ends (restart, failover, a test database dropped while the pool
    // closes) must not crash the process: the pool drops it and opens another when one is needed.
    pool.on('error', (err) => console.warn(`Idle database connection ended: ${err.message}`));
    // A connection lost while checked out (mid-transaction) emits 'error' on its client, which the pool
    // does not listen to then: without a listener that event ends the process. The query in flight
    // fails on its own and the pool discards the client.
    pool.on('connect', (client) =>
      client.on('error', (err) => console.warn(`Database connection lost: ${err.message}`)),
    );
    releaseLostClients(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const dialect = new PgDialect();
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      prepared: async <T>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await pool.query({ name: preparedName(text), text, values: params as unknown[] })).rows as T[];
      },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    extensions: { pg_trgm },
    loadDataDir: opts.loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
