import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Counters that a visitor moves at most once per window (views, downloads, code copies). A mark
 * table holds (subject id, visitor, counted_at); claiming the mark and adding one happen in one
 * statement, so two requests at once count once.
 */
export interface CountOnce {
  /** The mark table, and its column naming the counted row. */
  marks: PgTable;
  markSubject: PgColumn;
  /** The counter column on the counted table (whose key is `id`). */
  counter: PgColumn;
  windowS: number;
}

type Rows = { rows: Array<{ n: number | string }> };

/** Adds one to the counter unless `visitor` was counted for `id` within the window; answers the count. */
export async function countOnce(db: Db, c: CountOnce, id: number, visitor: string): Promise<{ n: number; counted: boolean }> {
  const subject = sql.identifier(c.markSubject.name);
  const counter = sql.identifier(c.counter.name);
  const claimed = (await db.execute(sql`
    with mark as (
      insert into ${c.marks} (${subject}, visitor, counted_at) values (${id}, ${visitor}, now())
      on conflict (${subject}, visitor) do update set counted_at = excluded.counted_at
      where ${c.marks}.counted_at <= now() - make_interval(secs => ${c.windowS})
      returning 1
    )
    update ${c.counter.table} set ${counter} = ${counter} + 1
    where id = ${id} and exists (select 1 from mark)
    returning ${counter} as n`)) as unknown as Rows;
  if (claimed.rows.length) return { n: Number(claimed.rows[0]!.n), counted: true };
  const current = (await db.execute(sql`select ${counter} as n from ${c.counter.table} where id = ${id}`)) as unknown as Rows;
  return { n: Number(current.rows[0]?.n ?? 0), counted: false };
}

/** Marks older than their window no longer matter: removes them. */
export async function pruneCountMarks(db: Db, c: CountOnce): Promise<void> {
  await db.execute(sql`delete from ${c.marks} where counted_at < now() - make_interval(secs => ${c.windowS})`);
}
