import { eq, sql } from 'drizzle-orm';
import { CAR_MESSAGES as M, bodyName, type Car, type CarDetail } from '@bm/core';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { carRatings, cars, carVotes, members } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { ownerDisabledColumn, type CarAccessRow } from './policy.js';

/** A car as the API shows it: the row's columns, the member join, the row type and the mapping. */

export const carColumns = {
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
export const selectCars = (db: Db) =>
  db.select(carColumns).from(cars).innerJoin(members, eq(members.id, cars.memberId));
export type CarRow = Awaited<ReturnType<typeof selectCars>>[number];

export const averageOf = (sum: number, n: number) => (n > 0 ? sum / n : 0);

type Storage = Pick<AppContext, 'storage'>['storage'];

export const fileUrl = (storage: Storage, key: string | null) => (key ? storage.url(key) : null);

export function toCar(storage: Storage, row: CarRow): Car {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    bannerUrl: fileUrl(storage, row.bannerKey),
    member: { id: row.memberId, displayName: row.memberName, avatarUrl: fileUrl(storage, row.memberAvatarKey) },
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

export function viewerPart(stars: number | string | null, vote: string | null): Pick<CarDetail, 'myStars' | 'myVote'> {
  return { myStars: stars === null ? null : Number(stars), myVote: vote === 'U' || vote === 'D' ? vote : 'N' };
}

/** A car's detail with what the access policy reads of it (for the kept copy, which serves everyone). */
export interface CarDetailWithAccess {
  car: CarDetail;
  access: CarAccessRow;
}

/**
 * A car as its detail shows it, with the stars and vote of member `me` (none when null), whatever
 * its state (the caller applies the access policy); 404 when missing.
 */
export async function loadCarDetail(storage: Storage, db: Db, id: number, me: number | null): Promise<CarDetail> {
  return (await loadCarDetailWithAccess(storage, db, id, me)).car;
}

export async function loadCarDetailWithAccess(
  storage: Storage,
  db: Db,
  id: number,
  me: number | null,
): Promise<CarDetailWithAccess> {
  const [row] = await db
    .select({
      ...carColumns,
      ownerDisabled: ownerDisabledColumn,
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
  const car = {
    ...toCar(storage, row),
    loadout: row.loadout,
    ...viewerPart(row.myStars, row.myVote),
    descriptionHtml: await renderMarkdown(row.description),
  };
  return {
    car,
    access: { memberId: row.memberId, status: row.status, isPublic: row.isPublic, ownerDisabled: row.ownerDisabled },
  };
}
