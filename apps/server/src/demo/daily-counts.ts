import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo per-day counts for the last 90 days of every plugin and car that has counts, so the authors'
 * charts look lived in: about an eighth of each total, rising towards today, busier at weekends, with
 * a repeatable wobble per row and day. Two statements, whatever the catalogue's size.
 */
export async function seedDemoDailyCounts(db: Db): Promise<void> {
  // share(i) for day i (0 = 89 days ago ... 89 = today): 0.12 / 90 * trend * weekend * wobble.
  const share = (key: ReturnType<typeof sql>) => sql`
    0.12 / 90.0 * (0.5 + s.i / 89.0)
    * (case when extract(isodow from s.d) in (6, 7) then 1.3 else 1 end)
    * (0.6 + 0.8 * ((hashtext(${key} || ':' || s.i) & 1023) / 1023.0))`;
  // Rounded down or up at random (by the same repeatable hash), so small totals still show a few days.
  const part = (total: ReturnType<typeof sql>, key: ReturnType<typeof sql>) =>
    sql`floor(${total} * ${share(key)} + (hashtext(${key} || ':r:' || s.i) & 1023) / 1024.0)::int`;
  const days = sql`(select i, (now() at time zone 'utc')::date - (89 - i) as d from generate_series(0, 89) as g(i)) as s`;
  await db.execute(sql`
    insert into plugin_daily_counts (plugin_id, day, downloads, views)
    select p.id, s.d, ${part(sql`p.download_count`, sql`'p' || p.id`)}, ${part(sql`p.view_count`, sql`'pv' || p.id`)}
    from plugins p, ${days}
    where p.download_count > 0 or p.view_count > 0
    on conflict do nothing`);
  await db.execute(sql`
    insert into car_daily_counts (car_id, day, copies, views)
    select c.id, s.d, ${part(sql`c.code_copies`, sql`'c' || c.id`)}, ${part(sql`c.views`, sql`'cv' || c.id`)}
    from cars c, ${days}
    where c.code_copies > 0 or c.views > 0
    on conflict do nothing`);
}
