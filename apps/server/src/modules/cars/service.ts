import { randomBytes } from 'node:crypto';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  CAR_BANNER_BOX,
  CAR_BANNER_MAX_BYTES,
  CAR_COPY_DEDUPE_S,
  CAR_MESSAGES as M,
  CAR_VIEW_DEDUPE_S,
  bodyName,
  cutDescription,
  decodeCarCode,
  hasRole,
  isCarActive,
  normalizeCarCode,
  type Car,
  type CarBody,
  type CarDetail,
  type CarLoadout,
  type CarRating,
  type CarSortDirection,
  type CarSortField,
  type CarStats,
  type CarVoteType,
  type CarsPage,
  type MemberCarItem,
  type StatsDaySpan,
} from '@bm/core';
import { normalizeSearchText, searchTextWords } from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext, Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { carCopyMarks, carDailyCounts, carRatings, cars, carViewMarks, carVotes, members } from '../../db/schema.js';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { reencodeImage } from '../../platform/images.js';
import { visitorKey } from '../../platform/visitor.js';
import { markdownToText } from '../../platform/plain-text.js';
import { ReadCache } from '../../platform/read-cache.js';
import { countOnce, dailySeries, pruneCountMarks, type CountOnce } from '../../db/count-marks.js';
import type { PageMeta } from '../../spa.js';
import { findProfileMember } from '../members/service.js';

/** The body equip slot of a loadout (EQUIPSLOT 0). */
const BODY_SLOT = 0;

/** What lists, search and the body menu show: active and public. Literal, so it matches the partial indexes. */
const listed = sql`${cars.status} in ('A', 'I') and ${cars.isPublic}`;

/**
 * Orders for each sort. The columns are NOT NULL; the NULLS clauses only make the order match the
 * partial indexes (built DESC NULLS LAST), scanned forwards for desc and backwards for asc.
 */
const LIST_ORDER: Record<CarSortField, Record<CarSortDirection, SQL>> = {
  views: {
    desc: sql`${cars.views} desc nulls last, ${cars.id} desc nulls last`,
    asc: sql`${cars.views} asc nulls first, ${cars.id} asc nulls first`,
  },
  createdAt: {
    desc: sql`${cars.createdAt} desc nulls last, ${cars.id} desc nulls last`,
    asc: sql`${cars.createdAt} asc nulls first, ${cars.id} asc nulls first`,
  },
  updatedAt: {
    desc: sql`${cars.updatedAt} desc nulls last, ${cars.id} desc nulls last`,
    asc: sql`${cars.updatedAt} asc nulls first, ${cars.id} asc nulls first`,
  },
  name: {
    asc: sql`lower(${cars.name}) asc, ${cars.id} asc`,
    desc: sql`lower(${cars.name}) desc, ${cars.id} desc`,
  },
};

/** A member's content (§4): pinned first, then code copies, then views, then updatedAt. */
const MEMBER_ORDER = sql`${cars.isPinned} desc nulls last, ${cars.codeCopies} desc nulls last, ${cars.views} desc nulls last, ${cars.updatedAt} desc nulls last, ${cars.id} desc`;

const carColumns = {
  id: cars.id,
  name: cars.name,
  code: cars.code,
  description: cars.description,
  bannerKey: cars.bannerKey,
  bodyProductId: cars.bodyProductId,
  views: cars.views,
  codeCopies: cars.codeCopies,
  upvotes: cars.upvotes,
  downvotes: cars.downvotes,
  ratingSum: cars.ratingSum,
  ratingCount: cars.ratingCount,
  isPinned: cars.isPinned,
  status: cars.status,
  isPublic: cars.isPublic,
  createdAt: cars.createdAt,
  updatedAt: cars.updatedAt,
  memberId: cars.memberId,
  memberName: members.username,
  memberAvatarKey: members.avatarKey,
};

/** Cars with their member's name and avatar: what lists read. */
const selectCars = (db: Db) => db.select(carColumns).from(cars).innerJoin(members, eq(members.id, cars.memberId));
type CarRow = Awaited<ReturnType<typeof selectCars>>[number];

const averageOf = (sum: number, n: number) => (n > 0 ? sum / n : 0);

/** LIKE pattern matching the text anywhere, with LIKE's own characters taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function bodyProductIdOf(loadout: CarLoadout): number | null {
  const body =
    loadout.blue.items.find((i) => i.slot === BODY_SLOT) ?? loadout.orange.items.find((i) => i.slot === BODY_SLOT);
  return body?.productId ?? null;
}

/** Decodes a code for storing, or answers 400 with the decoder's message on the code field. */
export function decodeForStorage(code: string): { code: string; loadout: CarLoadout; bodyProductId: number | null } {
  const normalized = normalizeCarCode(code);
  const decoded = decodeCarCode(normalized);
  if (!decoded.ok) throw badRequest(decoded.message, 'code');
  return { code: normalized, loadout: decoded.loadout, bodyProductId: bodyProductIdOf(decoded.loadout) };
}

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

/** How many cars the kept list pages may hold in all (a page of 24 counts 24). */
const LIST_CACHE_CARS = 20_000;
/** Characters of kept car details in all (each counts its description plus 4,000 for the code and loadout). */
const DETAIL_CACHE_CHARS = 4_000_000;

/**
 * What the car reads keep (the server's one ReadCache), one set per server so that every module
 * writing to cars can drop them (carsChanged): list pages and the body menu as anyone sees them,
 * and each car as GET /cars/{id} shows it without the viewer's own stars and vote (added per
 * request). The visibility rule is applied to the kept copy on every request, so a hide or a
 * deletion drops it at once. A counted view or copy drops only that car's details (a visitor is
 * counted at most once per window); lists show new counters within LIST_CACHE_SECONDS.
 */
interface CarCaches {
  pages: ReadCache<CarsPage>;
  bodies: ReadCache<{ bodies: CarBody[] }>;
  details: ReadCache<CarDetail>;
}
const carCaches = new WeakMap<AppContext, CarCaches>();

function carCachesOf(ctx: AppContext): CarCaches {
  let caches = carCaches.get(ctx);
  if (!caches) {
    caches = {
      pages: new ReadCache(ctx.config.listCacheMs, { maxSize: LIST_CACHE_CARS, size: (page) => page.items.length }),
      bodies: new ReadCache(ctx.config.listCacheMs, { maxSize: 1, size: () => 1 }),
      details: new ReadCache(ctx.config.listCacheMs, {
        maxSize: DETAIL_CACHE_CHARS,
        size: (c) => c.description.length + c.descriptionHtml.length + 4000,
      }),
    };
    carCaches.set(ctx, caches);
  }
  return caches;
}

/**
 * Call after a change to car `id` (every car when left out: a member's name or avatar) once it is
 * committed: drops the lists, which may show it, and its kept details.
 */
export function carsChanged(ctx: AppContext, id?: number): void {
  const caches = carCaches.get(ctx);
  if (!caches) return;
  caches.pages.invalidate();
  caches.bodies.invalidate();
  caches.details.invalidate(id === undefined ? undefined : String(id));
}

export interface VisitorInfo {
  ip: string;
  userAgent: string | undefined;
}

export class CarService {
  private readonly caches: CarCaches;

  constructor(private readonly ctx: AppContext) {
    this.caches = carCachesOf(ctx);
  }

  private changed(id: number) {
    carsChanged(this.ctx, id);
  }

  private url(key: string | null) {
    return key ? this.ctx.storage.url(key) : null;
  }

  private toCar(row: CarRow): Car {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      description: row.description,
      bannerUrl: this.url(row.bannerKey),
      member: { id: row.memberId, displayName: row.memberName, avatarUrl: this.url(row.memberAvatarKey) },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      views: row.views,
      codeCopies: row.codeCopies,
      upvotes: row.upvotes,
      downvotes: row.downvotes,
      averageRating: averageOf(row.ratingSum, row.ratingCount),
      ratingCount: row.ratingCount,
      isPinned: row.isPinned,
      status: row.status,
      isPublic: row.isPublic,
      bodyProductId: row.bodyProductId,
      bodyName: row.bodyProductId === null ? 'No body' : bodyName(row.bodyProductId),
    };
  }

  /**
   * The car behind an id as its caller may see it: active public cars for everyone, any car for its
   * owner; otherwise 404, so a hidden car looks the same as a missing one.
   */
  private async visible(db: Db, id: number, principal: Principal | null, lock = false) {
    const q = db
      .select({
        id: cars.id,
        memberId: cars.memberId,
        status: cars.status,
        isPublic: cars.isPublic,
        bannerKey: cars.bannerKey,
      })
      .from(cars)
      .where(eq(cars.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.notFound);
    const isOwner = principal?.memberId === row.memberId;
    if (!isOwner && !(isCarActive(row.status) && row.isPublic)) throw notFound(M.notFound);
    return { ...row, isOwner };
  }

  /** The car locked for a change by its owner: 404 as for reading, 403 for anyone else. */
  private async owned(db: Db, id: number, principal: Principal, lock = true) {
    const row = await this.visible(db, id, principal, lock);
    if (!row.isOwner) throw forbidden(M.notOwner);
    return row;
  }

  /** Permission check before a costly upload is read. */
  async assertOwner(principal: Principal, id: number): Promise<void> {
    await this.owned(this.ctx.db, id, principal, false);
  }

  async list(q: {
    page: number;
    pageSize: number;
    search?: string;
    sortBy: CarSortField;
    sortDir: CarSortDirection;
    body?: number;
  }): Promise<CarsPage> {
    const key = JSON.stringify([
      normalizeSearchText(q.search ?? ''),
      q.body ?? null,
      q.sortBy,
      q.sortDir,
      q.page,
      q.pageSize,
    ]);
    return this.caches.pages.get(key, () => this.loadList(q));
  }

  private async loadList(q: {
    page: number;
    pageSize: number;
    search?: string;
    sortBy: CarSortField;
    sortDir: CarSortDirection;
    body?: number;
  }): Promise<CarsPage> {
    const conditions: SQL[] = [listed];
    if (q.body !== undefined) conditions.push(eq(cars.bodyProductId, q.body));
    if (q.search) {
      // Every word must be found: inside the name or the description (partial words too), or close to
      // a word of the name (a typo). LIKE and <% both use the trigram indexes.
      const words = searchTextWords(q.search, 8);
      for (const word of words) {
        const pattern = containsPattern(word);
        conditions.push(
          sql`(lower(${cars.name}) like ${pattern} or lower(${cars.description}) like ${pattern} or ${word} <% lower(${cars.name}))`,
        );
      }
    }
    const where = and(...conditions);
    const [total] = await this.ctx.db.select({ n: count() }).from(cars).where(where);
    const totalCount = total?.n ?? 0;
    const rows = await selectCars(this.ctx.db)
      .where(where)
      .orderBy(LIST_ORDER[q.sortBy][q.sortDir])
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map((r) => this.toCar(r)), totalCount, totalPages: Math.ceil(totalCount / q.pageSize) };
  }

  /** The bodies listed cars use, most used first: the body filter's menu. */
  async bodies(): Promise<CarBody[]> {
    return (await this.caches.bodies.get('all', async () => ({ bodies: await this.loadBodies() }))).bodies;
  }

  private async loadBodies(): Promise<CarBody[]> {
    const rows = await this.ctx.db
      .select({ productId: cars.bodyProductId, n: count() })
      .from(cars)
      .where(and(listed, sql`${cars.bodyProductId} is not null`))
      .groupBy(cars.bodyProductId);
    return rows
      .map((r) => ({ productId: r.productId!, name: bodyName(r.productId!), count: r.n }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }

  /**
   * GET /cars/{id}: the kept copy as anyone may see it, shown to its owner and staff whatever its
   * state and to others when active and public (404 otherwise), with the viewer's stars and vote.
   */
  async detail(id: number, principal: Principal | null): Promise<CarDetail> {
    const car = await this.caches.details.get(String(id), () => this.load(this.ctx.db, id, null));
    // Staff see hidden cars too (the moderator's Cars list links to them).
    const staff = !!principal && (hasRole(principal.roles, 'moderator') || hasRole(principal.roles, 'administrator'));
    if (car.member.id !== principal?.memberId && !staff && !(isCarActive(car.status) && car.isPublic))
      throw notFound(M.notFound);
    if (!principal) return car;
    const result = (await this.ctx.db.execute(sql`select
        (select ${carRatings.stars} from ${carRatings} where ${carRatings.carId} = ${id} and ${carRatings.memberId} = ${principal.memberId}) as stars,
        (select ${carVotes.vote} from ${carVotes} where ${carVotes.carId} = ${id} and ${carVotes.memberId} = ${principal.memberId}) as vote`)) as unknown as {
      rows: Array<{ stars: number | null; vote: string | null }>;
    };
    const mine = result.rows[0];
    return { ...car, ...this.viewerPart(mine?.stars ?? null, mine?.vote ?? null) };
  }

  private viewerPart(stars: number | string | null, vote: string | null): Pick<CarDetail, 'myStars' | 'myVote'> {
    return { myStars: stars === null ? null : Number(stars), myVote: vote === 'U' || vote === 'D' ? vote : 'N' };
  }

  /** A car as its detail shows it, with the stars and vote of member `me` (none when null), whatever its state; 404 when missing. */
  private async load(db: Db, id: number, me: number | null): Promise<CarDetail> {
    const [row] = await db
      .select({
        ...carColumns,
        loadout: cars.loadout,
        myStars:
          me === null
            ? sql<number | null>`null`
            : sql<
                number | null
              >`(select ${carRatings.stars} from ${carRatings} where ${carRatings.carId} = ${cars.id} and ${carRatings.memberId} = ${me})`,
        myVote:
          me === null
            ? sql<string | null>`null`
            : sql<
                string | null
              >`(select ${carVotes.vote} from ${carVotes} where ${carVotes.carId} = ${cars.id} and ${carVotes.memberId} = ${me})`,
      })
      .from(cars)
      .innerJoin(members, eq(members.id, cars.memberId))
      .where(eq(cars.id, id));
    if (!row) throw notFound(M.notFound);
    return {
      ...this.toCar(row),
      loadout: row.loadout,
      ...this.viewerPart(row.myStars, row.myVote),
      descriptionHtml: await renderMarkdown(row.description),
    };
  }

  /** The caller's own cars, whatever their status: pinned first, then the most recently updated. */
  async mine(principal: Principal): Promise<Car[]> {
    const rows = await selectCars(this.ctx.db)
      .where(eq(cars.memberId, principal.memberId))
      .orderBy(sql`${cars.isPinned} desc, ${cars.updatedAt} desc, ${cars.id} desc`);
    return rows.map((r) => this.toCar(r));
  }

  /** Code copies and views per UTC day for the chart: the owner's or, for an administrator, anyone's (404 otherwise). */
  async stats(principal: Principal, id: number, span: StatsDaySpan): Promise<CarStats> {
    const [row] = await this.ctx.db.select({ memberId: cars.memberId }).from(cars).where(eq(cars.id, id));
    if (!row || (row.memberId !== principal.memberId && !hasRole(principal.roles, 'administrator')))
      throw notFound(M.notFound);
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

  async create(principal: Principal, input: { name: string; code: string; description: string }): Promise<CarDetail> {
    const decoded = decodeForStorage(input.code);
    const car = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cars)
        .values({ memberId: principal.memberId, name: input.name, description: input.description, ...decoded })
        .returning({ id: cars.id });
      return this.load(tx, row!.id, principal.memberId);
    });
    this.changed(car.id);
    return car;
  }

  async update(
    principal: Principal,
    id: number,
    input: { name: string; code: string; description: string },
  ): Promise<CarDetail> {
    const decoded = decodeForStorage(input.code);
    const car = await this.ctx.db.transaction(async (tx) => {
      await this.owned(tx, id, principal);
      await tx
        .update(cars)
        .set({ name: input.name, description: input.description, ...decoded, updatedAt: sql`now()` })
        .where(eq(cars.id, id));
      return this.load(tx, id, principal.memberId);
    });
    this.changed(id);
    return car;
  }

  /** Deletes the car (votes, ratings and marks go with it), then its banner file. */
  async remove(principal: Principal, id: number): Promise<void> {
    const bannerKey = await this.ctx.db.transaction(async (tx) => {
      const car = await this.owned(tx, id, principal);
      await tx.delete(cars).where(eq(cars.id, id));
      return car.bannerKey;
    });
    this.changed(id);
    if (bannerKey) await this.removeFile(bannerKey);
  }

  async setPinned(principal: Principal, id: number, isPinned: boolean): Promise<boolean> {
    const pinned = await this.ctx.db.transaction(async (tx) => {
      await this.owned(tx, id, principal);
      const [row] = await tx
        .update(cars)
        .set({ isPinned })
        .where(eq(cars.id, id))
        .returning({ isPinned: cars.isPinned });
      return row!.isPinned;
    });
    this.changed(id);
    return pinned;
  }

  /** Stores a re-encoded banner, points the car at it, then removes the old file; a failed write leaves no new file. */
  async setBanner(principal: Principal, id: number, data: Buffer): Promise<string> {
    if (data.length > CAR_BANNER_MAX_BYTES) throw new HttpError(413, M.bannerTooLarge);
    const image = await reencodeImage(data, { ...CAR_BANNER_BOX, fit: 'inside' }, M.bannerType);
    const key = `cars/${id}-${randomBytes(8).toString('hex')}.webp`;
    await this.ctx.storage.put(key, image);
    let oldKey: string | null = null;
    try {
      await this.ctx.db.transaction(async (tx) => {
        const car = await this.owned(tx, id, principal);
        oldKey = car.bannerKey;
        await tx
          .update(cars)
          .set({ bannerKey: key, updatedAt: sql`now()` })
          .where(eq(cars.id, id));
      });
    } catch (e) {
      await this.ctx.storage.delete(key);
      throw e;
    }
    this.changed(id);
    if (oldKey) await this.removeFile(oldKey);
    return this.ctx.storage.url(key);
  }

  private async removeFile(key: string) {
    await this.ctx.storage.delete(key).catch((err) => this.ctx.log.warn({ err, key }, 'Car banner file not removed'));
  }

  /** Counts a view or a copy unless this visitor was counted for this car within the window. */
  private async countOnce(kind: 'view' | 'copy', id: number, principal: Principal | null, visitor: VisitorInfo) {
    await this.visible(this.ctx.db, id, principal);
    const key = visitorKey(this.ctx.config.jwtSecret, principal?.memberId ?? null, visitor.ip, visitor.userAgent);
    const result = await countOnce(this.ctx.db, kind === 'view' ? CAR_VIEWS : CAR_COPIES, id, key);
    if (result.counted) this.caches.details.invalidate(String(id));
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
      await this.visible(tx, id, principal, true);
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
    this.changed(id);
    return votes;
  }

  /** One rating per member: rating again replaces the stars. Same locking as votes. */
  async rate(principal: Principal, id: number, stars: number): Promise<CarRating> {
    const rating = await this.ctx.db.transaction(async (tx) => {
      await this.visible(tx, id, principal, true);
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
    this.changed(id);
    return rating;
  }

  async rating(id: number, principal: Principal | null): Promise<CarRating> {
    await this.visible(this.ctx.db, id, principal);
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

  /**
   * A member's cars for their profile (§4 member content order): active public cars for others,
   * every car of their own for the owner; a disabled member is unknown to all but staff.
   */
  async memberCars(
    username: string,
    q: { page: number; pageSize: number },
    principal: Principal | null = null,
  ): Promise<{ items: MemberCarItem[]; totalPages: number; totalCount: number }> {
    const member = await findProfileMember(this.ctx.db, username, principal);
    const where = member.isOwner ? eq(cars.memberId, member.id) : and(eq(cars.memberId, member.id), listed);
    const [total] = await this.ctx.db.select({ n: count() }).from(cars).where(where);
    const totalCount = total?.n ?? 0;
    const rows = await this.ctx.db
      .select({
        id: cars.id,
        name: cars.name,
        description: cars.description,
        bannerKey: cars.bannerKey,
        codeCopies: cars.codeCopies,
        views: cars.views,
        isPinned: cars.isPinned,
        updatedAt: cars.updatedAt,
      })
      .from(cars)
      .where(where)
      .orderBy(MEMBER_ORDER)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return {
      items: rows.map(({ bannerKey, updatedAt, ...r }) => ({
        ...r,
        bannerUrl: this.url(bannerKey),
        updatedAt: updatedAt.toISOString(),
      })),
      totalCount,
      totalPages: Math.ceil(totalCount / q.pageSize),
    };
  }
}

/**
 * The car page's title, description (cut to 160 characters) and banner for the HTML the server
 * writes; null for a car the public cannot see.
 */
export async function carMeta(ctx: Pick<AppContext, 'db' | 'storage'>, id: number): Promise<PageMeta | null> {
  const [row] = await ctx.db
    .select({
      name: cars.name,
      description: cars.description,
      bannerKey: cars.bannerKey,
      bodyProductId: cars.bodyProductId,
      status: cars.status,
      isPublic: cars.isPublic,
      memberName: members.username,
    })
    .from(cars)
    .innerJoin(members, eq(members.id, cars.memberId))
    .where(eq(cars.id, id));
  if (!row || !isCarActive(row.status) || !row.isPublic) return null;
  const body = row.bodyProductId === null ? 'Rocket League' : bodyName(row.bodyProductId);
  const text =
    markdownToText(row.description) ||
    `${row.name}: a ${body} car design by ${row.memberName}. Copy the car code and import it in Rocket League with BakkesMod.`;
  return {
    title: row.name,
    description: cutDescription(text),
    image: row.bannerKey ? ctx.storage.url(row.bannerKey) : null,
    preloadImage: true,
    type: 'article',
    canonicalPath: `/cars/${id}`,
  };
}
