import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Counters that a visitor moves at most once per window (views, downloads, code copies). A mark
 * table holds (subject id, visitor, counted_at); claiming the mark and adding one happen in one
 * statement, so two requests at once count once; the
 * same statement adds one to today's (UTC) row of the per-day table.
 */
export interface CountOnce {
  /** The mark table, and its column naming the counted row. */
  marks: PgTable;
  markSubject: PgColumn;
  /** The counter column on the counted table (whose key is `id`). */
  counter: PgColumn;
  /**
   * The per-day table the author's chart reads (key (subject, day)): its subject column and the
   * column that moves with `counter`. Bumped in the same statement, so chart and counter agree.
   */
  daily: { table: PgTable; subject: PgColumn; day: PgColumn; counter: PgColumn };
  windowS: number;
}

type Rows = { rows: Array<{ n: number | string }> };

/** Adds one to the counter unless `visitor` was counted for `id` within the window; answers the count. */
export async function countOnce(
  db: Db,
  c: CountOnce,
  id: number,
  visitor: string,
): Promise<{ n: number; counted: boolean }> {
  const subject = sql.identifier(c.markSubject.name);
  const counter = sql.identifier(c.counter.name);
  const dailySubject = sql.identifier(c.daily.subject.name);
  const dailyDay = sql.identifier(c.daily.day.name);
  const dailyCounter = sql.identifier(c.daily.counter.name);
  const claimed = (await db.execute(sql`
    with mark as (
      insert into ${c.marks} (${subject}, visitor, counted_at) values (${id}, ${visitor}, now())
      on conflict (${subject}, visitor) do update set counted_at = excluded.counted_at
      where ${c.marks}.counted_at <= now() - make_interval(secs => ${c.windowS})
      returning 1
    ), bumped as (
      update ${c.counter.table} set ${counter} = ${counter} + 1
      where id = ${id} and exists (select 1 from mark)
      returning ${counter} as n
    ), daily as (
      insert into ${c.daily.table} (${dailySubject}, ${dailyDay}, ${dailyCounter})
      select ${id}::int, (now() at time zone 'utc')::date, 1 from bumped
      on conflict (${dailySubject}, ${dailyDay}) do update set ${dailyCounter} = ${c.daily.table}.${dailyCounter} + 1
    )
    select n from bumped`)) as unknown as Rows;
  if (claimed.rows.length) return { n: Number(claimed.rows[0]!.n), counted: true };
  const current = (await db.execute(
    sql`select ${counter} as n from ${c.counter.table} where id = ${id}`,
  )) as unknown as Rows;
  return { n: Number(current.rows[0]?.n ?? 0), counted: false };
}

/** Marks older than their window no longer matter: removes them. */
export async function pruneCountMarks(db: Db, c: CountOnce): Promise<void> {
  await db.execute(sql`delete from ${c.marks} where counted_at < now() - make_interval(secs => ${c.windowS})`);
}

/**
 * One row per UTC day for the last `span` days ending today, oldest first, with the named counters
 * of the per-day table (0 for a day without a row): what an author's chart draws.
 */
export async function dailySeries<K extends string>(
  db: Db,
  daily: { table: PgTable; subject: PgColumn; day: PgColumn },
  counters: Record<K, PgColumn>,
  id: number,
  span: number,
): Promise<Array<{ date: string } & Record<K, number>>> {
  const names = Object.keys(counters) as K[];
  const columns = sql.join(
    names.map((k) => sql`coalesce(c.${sql.identifier(counters[k].name)}, 0)::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with today as (select (now() at time zone 'utc')::date as d)
    select to_char(s.d, 'YYYY-MM-DD') as date, ${columns}
    from today, generate_series(today.d - ${span - 1}::int, today.d, interval '1 day') as s(d)
    left join ${daily.table} c on c.${sql.identifier(daily.subject.name)} = ${id} and c.${sql.identifier(daily.day.name)} = s.d::date
    order by s.d`)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((r) => {
    const out = { date: String(r.date) } as { date: string } & Record<K, number>;
    for (const k of names) (out as Record<string, unknown>)[k] = Number(r[k]);
    return out;
  });
}
