import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  CAR_MESSAGES as M,
  RATING_PRIOR_WEIGHT,
  TRENDING_DAYS,
  bodyName,
  cutDescription,
  type Car,
  type CarBody,
  type CarDetail,
  type CarSortDirection,
  type CarSortField,
  type CarsPage,
  type MemberCarItem,
  normalizeSearchText,
  searchTextWords,
} from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { carRatings, cars, carVotes, members } from '../../db/schema.js';
import { englishT, type ServerT } from '../../i18n/index.js';
import { notFound } from '../../platform/errors.js';
import { markdownToText } from '../../platform/plain-text.js';
import type { PageMeta } from '../../spa.js';
import { carCachesOf, type CarCaches } from './caches.js';
import { carAccessColumns, carListedSql, isCarListed, maySeeCar, memberCarsSql } from './policy.js';
import { fileUrl, loadCarDetailWithAccess, selectCars, toCar, viewerPart } from './presenter.js';

/**
 * The rating sort's score (docs/search.md): the Bayesian mean (C x m + stars) / (C + ratings), m the
 * average star of every car rating on the site, worked out once per statement.
 */
const carRatingScore = sql`((${RATING_PRIOR_WEIGHT} * (select coalesce(sum(c2.rating_sum)::float8 / nullif(sum(c2.rating_count), 0), 0) from cars c2) + ${cars.ratingSum}) / (${RATING_PRIOR_WEIGHT} + ${cars.ratingCount}))`;
/** The trending sort's score: code copies of the last TRENDING_DAYS UTC days (today included). */
const carTrendingScore = sql`coalesce((select sum(d.copies) from car_daily_counts d where d.car_id = ${cars.id} and d.day > (now() at time zone 'utc')::date - ${TRENDING_DAYS}::int), 0)`;

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
  rating: {
    desc: sql`${carRatingScore} desc, ${cars.ratingCount} desc, ${cars.id} desc`,
    asc: sql`${carRatingScore} asc, ${cars.ratingCount} asc, ${cars.id} asc`,
  },
  trending: {
    desc: sql`${carTrendingScore} desc, ${cars.codeCopies} desc, ${cars.id} desc`,
    asc: sql`${carTrendingScore} asc, ${cars.codeCopies} asc, ${cars.id} asc`,
  },
  name: {
    asc: sql`lower(${cars.name}) asc, ${cars.id} asc`,
    desc: sql`lower(${cars.name}) desc, ${cars.id} desc`,
  },
};

/** A member's content (§4): pinned first, then code copies, then views, then updatedAt. */
const MEMBER_ORDER = sql`${cars.isPinned} desc nulls last, ${cars.codeCopies} desc nulls last, ${cars.views} desc nulls last, ${cars.updatedAt} desc nulls last, ${cars.id} desc`;

/** LIKE pattern matching the text anywhere, with LIKE's own characters taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export interface CarListQuery {
  page: number;
  pageSize: number;
  search?: string;
  sortBy: CarSortField;
  sortDir: CarSortDirection;
  body?: number;
}

/** Reading cars: the list and its search, the body menu, a car's detail, a member's cars, the caller's own. */
export class CarReads {
  private readonly caches: CarCaches;

  constructor(private readonly ctx: AppContext) {
    this.caches = carCachesOf(ctx);
  }

  async list(q: CarListQuery): Promise<CarsPage> {
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

  private async loadList(q: CarListQuery): Promise<CarsPage> {
    const conditions: SQL[] = [carListedSql()];
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
    return {
      items: rows.map((r) => toCar(this.ctx.storage, r)),
      totalCount,
      totalPages: Math.ceil(totalCount / q.pageSize),
    };
  }

  /** The bodies listed cars use, most used first: the body filter's menu. */
  async bodies(): Promise<CarBody[]> {
    return (await this.caches.bodies.get('all', async () => ({ bodies: await this.loadBodies() }))).bodies;
  }

  private async loadBodies(): Promise<CarBody[]> {
    const rows = await this.ctx.db
      .select({ productId: cars.bodyProductId, n: count() })
      .from(cars)
      .where(and(carListedSql(), sql`${cars.bodyProductId} is not null`))
      .groupBy(cars.bodyProductId);
    return rows
      .map((r) => ({ productId: r.productId!, name: bodyName(r.productId!), count: r.n }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }

  /**
   * GET /cars/{id}: the kept copy as anyone may see it, shown to whom the policy lets see it (404
   * otherwise), with the viewer's stars and vote.
   */
  async detail(id: number, principal: Principal | null): Promise<CarDetail> {
    const { car, access } = await this.caches.details.get(String(id), () =>
      loadCarDetailWithAccess(this.ctx.storage, this.ctx.db, id, null),
    );
    if (!maySeeCar(principal, access)) throw notFound(M.notFound);
    if (!principal) return car;
    const result = (await this.ctx.db.execute(sql`select
        (select ${carRatings.stars} from ${carRatings} where ${carRatings.carId} = ${id} and ${carRatings.memberId} = ${principal.memberId}) as stars,
        (select ${carVotes.vote} from ${carVotes} where ${carVotes.carId} = ${id} and ${carVotes.memberId} = ${principal.memberId}) as vote`)) as unknown as {
      rows: Array<{ stars: number | null; vote: string | null }>;
    };
    const mine = result.rows[0];
    return { ...car, ...viewerPart(mine?.stars ?? null, mine?.vote ?? null) };
  }

  /** The caller's own cars, whatever their status: pinned first, then the most recently updated. */
  async mine(principal: Principal): Promise<Car[]> {
    const rows = await selectCars(this.ctx.db)
      .where(eq(cars.memberId, principal.memberId))
      .orderBy(sql`${cars.isPinned} desc, ${cars.updatedAt} desc, ${cars.id} desc`);
    return rows.map((r) => toCar(this.ctx.storage, r));
  }

  /**
   * Member `memberId`'s cars for their profile (§4 member content order): listed cars for others,
   * every car of their own for the owner. The members module finds the member (and who may see them).
   */
  async memberCars(
    memberId: number,
    q: { page: number; pageSize: number },
    principal: Principal | null = null,
  ): Promise<{ items: MemberCarItem[]; totalPages: number; totalCount: number }> {
    const where = memberCarsSql(principal, memberId);
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
        bannerUrl: fileUrl(this.ctx.storage, bannerKey),
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
export async function carMeta(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: number,
  t: ServerT = englishT,
): Promise<PageMeta | null> {
  const [row] = await ctx.db
    .select({
      name: cars.name,
      description: cars.description,
      bannerKey: cars.bannerKey,
      bodyProductId: cars.bodyProductId,
      ...carAccessColumns,
      memberName: members.username,
    })
    .from(cars)
    .innerJoin(members, eq(members.id, cars.memberId))
    .where(eq(cars.id, id));
  if (!row || !isCarListed(row)) return null;
  const body = row.bodyProductId === null ? 'Rocket League' : bodyName(row.bodyProductId);
  const text =
    markdownToText(row.description) || t('page.carDescription', { name: row.name, body, author: row.memberName });
  return {
    title: row.name,
    description: cutDescription(text),
    image: fileUrl(ctx.storage, row.bannerKey),
    preloadImage: true,
    type: 'article',
    canonicalPath: `/cars/${id}`,
  };
}
