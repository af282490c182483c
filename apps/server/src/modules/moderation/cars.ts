import { eq, sql, type SQL } from 'drizzle-orm';
import { MODERATION_MESSAGES as M, type ModerationCarItem, type ModerationListQuery } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { carActiveSql, carColumnsAs, carsChanged } from '../cars/index.js';
import { queryRows, toIso } from '../plugins/index.js';
import { audit, likePattern } from './shared.js';

/** Cars as moderators see them: every car, whatever its state, and hiding one (status H) or restoring it. */
export class ModerationCars {
  constructor(private readonly ctx: AppContext) {}

  async list(q: ModerationListQuery & { status: 'all' | 'active' | 'hidden' }) {
    const where: SQL[] = [sql`true`];
    if (q.status === 'hidden') where.push(sql`c.status = 'H'`);
    if (q.status === 'active') where.push(carActiveSql(carColumnsAs('c')));
    if (q.search)
      where.push(sql`(lower(c.name) like ${likePattern(q.search)} or lower(m.username) like ${likePattern(q.search)})`);
    const rows = await queryRows<Record<string, unknown>>(
      this.ctx.db,
      sql`
      select c.id, c.name, m.username as owner, c.member_id as "memberId", c.status, c.is_public as "isPublic",
        c.views, c.code_copies as "codeCopies", c.created_at as "createdAt", c.updated_at as "updatedAt", count(*) over () as "totalCount"
      from cars c join members m on m.id = c.member_id
      where ${sql.join(where, sql` and `)}
      order by c.updated_at desc, c.id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    const items: ModerationCarItem[] = rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      owner: String(r.owner),
      memberId: Number(r.memberId),
      status: String(r.status),
      isPublic: Boolean(r.isPublic),
      hidden: r.status === 'H',
      views: Number(r.views),
      codeCopies: Number(r.codeCopies),
      createdAt: toIso(r.createdAt as Date),
      updatedAt: toIso(r.updatedAt as Date),
    }));
    return { items, page: q.page, pageSize: q.pageSize, totalCount: rows.length ? Number(rows[0]!.totalCount) : 0 };
  }

  /**
   * Hides a car from everyone but its owner (status H), or restores it (A). `also` runs in the same
   * transaction once the car is changed (a report's resolution and the owner's notice), and its
   * answer is returned.
   */
  async setHidden<T = void>(
    principal: Principal,
    carId: number,
    hidden: boolean,
    also?: (tx: Db, car: { id: number; name: string; memberId: number }) => Promise<T>,
  ): Promise<T | undefined> {
    const out = await this.ctx.db.transaction(async (tx) => {
      const [car] = await tx
        .select({ id: cars.id, name: cars.name, memberId: cars.memberId })
        .from(cars)
        .where(eq(cars.id, carId))
        .for('update');
      if (!car) throw notFound(M.carNotFound);
      await tx
        .update(cars)
        .set({ status: hidden ? 'H' : 'A' })
        .where(eq(cars.id, carId));
      await audit(tx, { actorId: principal.memberId, action: hidden ? 'hide-car' : 'restore-car', carId });
      return also?.(tx, car);
    });
    carsChanged(this.ctx, carId);
    return out;
  }
}
