import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CAR_MESSAGES as M, hasRole, isCarActive } from '@bm/core';
import type { Principal } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cars, members } from '../../db/schema.js';
import { forbidden, notFound } from '../../platform/errors.js';

/**
 * Who may see and change a car: the one statement of the rule, as a row predicate (TypeScript)
 * and as a where-fragment (SQL), side by side so that they change together.
 *
 * The spec's words: "Status 'A' or 'I' means Active (shown green); any other value means Inactive
 * (shown red)". A moderator hides a car by giving it status 'H'; its owner makes it private
 * (isPublic false). A disabled member's profile answers 404, and their content follows it (issue
 * 31): their cars are hidden from every public read while the account is disabled, and come back
 * when it is enabled (admin's setDisabled drops the kept car reads).
 *
 * - Listed (lists, search, the body menu, member pages, sitemap, page meta): an active status,
 *   public, and an owner whose account is not disabled.
 * - Seen by id (GET /cars/{id}): listed, or the viewer is its owner, or staff (moderator or
 *   administrator: the moderator's Cars list links to hidden cars).
 * - Used (votes, ratings, counted views and copies, the rating): listed, or the viewer is its owner.
 * - Changed (edit, delete, pin, banner): its owner only.
 * - Statistics: its owner or an administrator.
 * Anything a viewer may not see answers 404, so a hidden car looks the same as a missing one.
 */

/** What the rule reads of a car row. */
export interface CarAccessRow {
  memberId: number;
  status: string;
  isPublic: boolean;
  /** The owner's account is disabled. */
  ownerDisabled: boolean;
}

/** The caller, when signed in. */
export type CarViewer = Pick<Principal, 'memberId' | 'roles'> | null;

const isStaff = (viewer: CarViewer) =>
  !!viewer && (hasRole(viewer.roles, 'moderator') || hasRole(viewer.roles, 'administrator'));
const isOwner = (viewer: CarViewer, row: Pick<CarAccessRow, 'memberId'>) => viewer?.memberId === row.memberId;

// ---- the row predicates ----

export function isCarListed(row: CarAccessRow): boolean {
  return isCarActive(row.status) && row.isPublic && !row.ownerDisabled;
}

export function maySeeCar(viewer: CarViewer, row: CarAccessRow): boolean {
  return isOwner(viewer, row) || isStaff(viewer) || isCarListed(row);
}

export function mayUseCar(viewer: CarViewer, row: CarAccessRow): boolean {
  return isOwner(viewer, row) || isCarListed(row);
}

export function mayChangeCar(viewer: CarViewer, row: Pick<CarAccessRow, 'memberId'>): boolean {
  return isOwner(viewer, row);
}

export function mayReadCarStats(viewer: CarViewer, row: Pick<CarAccessRow, 'memberId'>): boolean {
  return isOwner(viewer, row) || (!!viewer && hasRole(viewer.roles, 'administrator'));
}

// ---- the same rule as SQL ----

/** The car columns a where-fragment reads: the drizzle table, or an alias in a hand-written query. */
export interface CarColumnRefs {
  status: SQLWrapper;
  isPublic: SQLWrapper;
  memberId: SQLWrapper;
}

/** The columns of `cars` under an alias of a hand-written query (`from cars c`). */
export function carColumnsAs(alias: string): CarColumnRefs {
  return {
    status: sql.raw(`${alias}.status`),
    isPublic: sql.raw(`${alias}.is_public`),
    memberId: sql.raw(`${alias}.member_id`),
  };
}

/** isCarActive as SQL: the status letters the spec shows as Active. */
export function carActiveSql(c: Pick<CarColumnRefs, 'status'> = cars): SQL {
  return sql`${c.status} in ('A', 'I')`;
}

/**
 * isCarListed as SQL. The status list is literal so that the planner matches the partial indexes
 * of schema-cars.ts, which hold the active public rows; the owner is checked per row.
 */
export function carListedSql(c: CarColumnRefs = cars): SQL {
  return sql`${carActiveSql(c)} and ${c.isPublic} and not exists (select 1 from members disabled_owner where disabled_owner.id = ${c.memberId} and disabled_owner.disabled_at is not null)`;
}

/** ownerDisabled of CarAccessRow, for a select that joins the owner (`members`). */
export const ownerDisabledColumn = sql<boolean>`${members.disabledAt} is not null`;

/** The columns of CarAccessRow, for a select that joins the owner (`members`). */
export const carAccessColumns = {
  memberId: cars.memberId,
  status: cars.status,
  isPublic: cars.isPublic,
  ownerDisabled: ownerDisabledColumn,
};

/** What a member's page shows of member `memberId`'s cars to `viewer`: every one to their owner, the listed ones to others. */
export function memberCarsSql(viewer: CarViewer, memberId: number, c: CarColumnRefs = cars): SQL {
  const theirs = sql`${c.memberId} = ${memberId}`;
  return viewer?.memberId === memberId ? theirs : sql`${theirs} and ${carListedSql(c)}`;
}

// ---- by id ----

/**
 * The car behind an id when `viewer` may use it (mayUseCar), locked for update when asked; 404
 * otherwise. `isOwner` tells whether the viewer may also change it.
 */
export async function usableCar(db: Db, id: number, viewer: CarViewer, lock = false) {
  const q = db
    .select({ id: cars.id, ...carAccessColumns, bannerKey: cars.bannerKey })
    .from(cars)
    .innerJoin(members, eq(members.id, cars.memberId))
    .where(eq(cars.id, id));
  // Only the car row is locked: the owner's is read, never changed here.
  const [row] = lock ? await q.for('update', { of: cars }) : await q;
  if (!row || !mayUseCar(viewer, row)) throw notFound(M.notFound);
  return { ...row, isOwner: mayChangeCar(viewer, row) };
}

/** Whether car `id` is listed now (isCarListed): what the public may see, e.g. before a release is announced. */
export async function isListedCarNow(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select(carAccessColumns)
    .from(cars)
    .innerJoin(members, eq(members.id, cars.memberId))
    .where(eq(cars.id, id));
  return !!row && isCarListed(row);
}

/** The car locked for a change by `viewer` (mayChangeCar): 404 as for using it, 403 for anyone else. */
export async function ownedCar(db: Db, id: number, viewer: CarViewer, lock = true) {
  const row = await usableCar(db, id, viewer, lock);
  if (!row.isOwner) throw forbidden(M.notOwner);
  return row;
}
