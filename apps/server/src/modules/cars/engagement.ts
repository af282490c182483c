import { and, eq, sql } from 'drizzle-orm';
import {
  CAR_COPY_DEDUPE_S,
  CAR_MESSAGES as M,
  CAR_VIEW_DEDUPE_S,
  type CarRating,
  type CarStats,
  type CarVoteType,
  type StatsDaySpan,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { countOnce, dailySeries, pruneCountMarks, type CountOnce } from '../../db/count-marks.js';
import { carCopyMarks, carDailyCounts, carRatings, cars, carViewMarks, carVotes } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { visitorKey } from '../../platform/visitor.js';
import { carCachesOf, carsChanged } from './caches.js';
import { mayReadCarStats, usableCar } from './policy.js';
import { averageOf } from './presenter.js';

const CAR_DAILY = { table: carDailyCounts, subject: carDailyCounts.carId, day: carDailyCounts.day };
const CAR_VIEWS: CountOnce = {
  marks: carViewMarks,
  markSubject: carViewMarks.carId,
  counter: cars.views,
  daily: { ...CAR_DAILY, counter: carDailyCounts.views },
  windowS: CAR_VIEW_DEDUPE_S,
};
const CAR_COPIES: CountOnce = {
  marks: carCopyMarks,
  markSubject: carCopyMarks.carId,
  counter: cars.codeCopies,
  daily: { ...CAR_DAILY, counter: carDailyCounts.copies },
  windowS: CAR_COPY_DEDUPE_S,
};

export interface VisitorInfo {
  ip: string;
  userAgent: string | undefined;
}

/** What visitors do with a car: counted views and copies (and their chart), votes and ratings. */
export class CarEngagement {
  constructor(private readonly ctx: AppContext) {}

  /** Code copies and views per UTC day for the chart, to whom the policy shows them (404 otherwise). */
  async stats(principal: Principal, id: number, span: StatsDaySpan): Promise<CarStats> {
    const [row] = await this.ctx.db.select({ memberId: cars.memberId }).from(cars).where(eq(cars.id, id));
    if (!row || !mayReadCarStats(principal, row)) throw notFound(M.notFound);
    return {
      days: await dailySeries(
        this.ctx.db,
        CAR_DAILY,
        { copies: carDailyCounts.copies, views: carDailyCounts.views },
        id,
        span,
      ),
    };
  }

  /** Counts a view or a copy unless this visitor was counted for this car within the window. */
  private async countOnce(kind: 'view' | 'copy', id: number, principal: Principal | null, visitor: VisitorInfo) {
    await usableCar(this.ctx.db, id, principal);
    const key = visitorKey(this.ctx.config.keys.visitor, principal?.memberId ?? null, visitor.ip, visitor.userAgent);
    const result = await countOnce(this.ctx.db, kind === 'view' ? CAR_VIEWS : CAR_COPIES, id, key);
    if (result.counted) carCachesOf(this.ctx).details.invalidate(String(id));
    return result;
  }

  async countView(id: number, principal: Principal | null, visitor: VisitorInfo) {
    const r = await this.countOnce('view', id, principal, visitor);
    return { views: r.n, counted: r.counted };
  }

  async countCopy(id: number, principal: Principal | null, visitor: VisitorInfo) {
    const r = await this.countOnce('copy', id, principal, visitor);
    return { codeCopies: r.n, counted: r.counted };
  }

  /** Marks older than any window are of no use: removes them (run from time to time). */
  async pruneMarks(): Promise<void> {
    await pruneCountMarks(this.ctx.db, CAR_VIEWS);
    await pruneCountMarks(this.ctx.db, CAR_COPIES);
  }

  /**
   * One vote per member: U or D replaces the member's vote, N removes it. The car row is locked
   * first, so the counters move by the difference without racing another vote.
   */
  async vote(principal: Principal, id: number, voteType: CarVoteType): Promise<{ upvotes: number; downvotes: number }> {
    const votes = await this.ctx.db.transaction(async (tx) => {
      await usableCar(tx, id, principal, true);
      const mine = and(eq(carVotes.carId, id), eq(carVotes.memberId, principal.memberId));
      const [old] = await tx.select({ vote: carVotes.vote }).from(carVotes).where(mine);
      if (voteType === 'N') {
        await tx.delete(carVotes).where(mine);
      } else {
        await tx
          .insert(carVotes)
          .values({ carId: id, memberId: principal.memberId, vote: voteType })
          .onConflictDoUpdate({ target: [carVotes.carId, carVotes.memberId], set: { vote: voteType } });
      }
      const was = old?.vote ?? 'N';
      const up = Number(voteType === 'U') - Number(was === 'U');
      const down = Number(voteType === 'D') - Number(was === 'D');
      const [row] = await tx
        .update(cars)
        .set({ upvotes: sql`${cars.upvotes} + ${up}`, downvotes: sql`${cars.downvotes} + ${down}` })
        .where(eq(cars.id, id))
        .returning({ upvotes: cars.upvotes, downvotes: cars.downvotes });
      return row!;
    });
    carsChanged(this.ctx, id);
    return votes;
  }

  /** One rating per member: rating again replaces the stars. Same locking as votes. */
  async rate(principal: Principal, id: number, stars: number): Promise<CarRating> {
    const rating = await this.ctx.db.transaction(async (tx) => {
      await usableCar(tx, id, principal, true);
      const mine = and(eq(carRatings.carId, id), eq(carRatings.memberId, principal.memberId));
      const [old] = await tx.select({ stars: carRatings.stars }).from(carRatings).where(mine);
      await tx
        .insert(carRatings)
        .values({ carId: id, memberId: principal.memberId, stars })
        .onConflictDoUpdate({ target: [carRatings.carId, carRatings.memberId], set: { stars, updatedAt: sql`now()` } });
      const [row] = await tx
        .update(cars)
        .set({
          ratingSum: sql`${cars.ratingSum} + ${stars - (old?.stars ?? 0)}`,
          ratingCount: sql`${cars.ratingCount} + ${old ? 0 : 1}`,
        })
        .where(eq(cars.id, id))
        .returning({ ratingSum: cars.ratingSum, ratingCount: cars.ratingCount });
      return {
        myStars: stars,
        averageRating: averageOf(row!.ratingSum, row!.ratingCount),
        ratingCount: row!.ratingCount,
      };
    });
    carsChanged(this.ctx, id);
    return rating;
  }

  async rating(id: number, principal: Principal | null): Promise<CarRating> {
    await usableCar(this.ctx.db, id, principal);
    const [row] = await this.ctx.db
      .select({ ratingSum: cars.ratingSum, ratingCount: cars.ratingCount })
      .from(cars)
      .where(eq(cars.id, id));
    let myStars: number | null = null;
    if (principal) {
      const [mine] = await this.ctx.db
        .select({ stars: carRatings.stars })
        .from(carRatings)
        .where(and(eq(carRatings.carId, id), eq(carRatings.memberId, principal.memberId)));
      myStars = mine?.stars ?? null;
    }
    return { myStars, averageRating: averageOf(row!.ratingSum, row!.ratingCount), ratingCount: row!.ratingCount };
  }
}
