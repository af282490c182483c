import { eq, sql } from 'drizzle-orm';
import { decodeCarCode, normalizeCarCode, type CarDetail, type CarLoadout } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { cars } from '../../db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { queueReleaseEvent } from '../webhooks/index.js';
import { carsChanged } from './caches.js';
import { removeCarFile } from './files.js';
import { isListedCarNow, ownedCar } from './policy.js';
import { loadCarDetail } from './presenter.js';

/** The body equip slot of a loadout (EQUIPSLOT 0). */
const BODY_SLOT = 0;

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

type CarInput = { name: string; code: string; description: string };

/** Writing cars: creating, editing, pinning and deleting, by their owner. */
export class CarWrites {
  constructor(private readonly ctx: AppContext) {}

  async create(principal: Principal, input: CarInput): Promise<CarDetail> {
    const decoded = decodeForStorage(input.code);
    const car = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cars)
        .values({ memberId: principal.memberId, name: input.name, description: input.description, ...decoded })
        .returning({ id: cars.id });
      // A car is live once created: release webhooks hear of it with the insert.
      await queueReleaseEvent(this.ctx, tx, { event: 'car.published', carId: row!.id }, (db, s) =>
        isListedCarNow(db, s.carId ?? 0),
      );
      return loadCarDetail(this.ctx.storage, tx, row!.id, principal.memberId);
    });
    carsChanged(this.ctx, car.id);
    return car;
  }

  async update(principal: Principal, id: number, input: CarInput): Promise<CarDetail> {
    const decoded = decodeForStorage(input.code);
    const car = await this.ctx.db.transaction(async (tx) => {
      await ownedCar(tx, id, principal);
      await tx
        .update(cars)
        .set({ name: input.name, description: input.description, ...decoded, updatedAt: sql`now()` })
        .where(eq(cars.id, id));
      return loadCarDetail(this.ctx.storage, tx, id, principal.memberId);
    });
    carsChanged(this.ctx, id);
    return car;
  }

  /** Deletes the car (votes, ratings and marks go with it), then its banner file. */
  async remove(principal: Principal, id: number): Promise<void> {
    const bannerKey = await this.ctx.db.transaction(async (tx) => {
      const car = await ownedCar(tx, id, principal);
      await tx.delete(cars).where(eq(cars.id, id));
      return car.bannerKey;
    });
    carsChanged(this.ctx, id);
    if (bannerKey) await removeCarFile(this.ctx, bannerKey);
  }

  async setPinned(principal: Principal, id: number, isPinned: boolean): Promise<boolean> {
    const pinned = await this.ctx.db.transaction(async (tx) => {
      await ownedCar(tx, id, principal);
      const [row] = await tx
        .update(cars)
        .set({ isPinned })
        .where(eq(cars.id, id))
        .returning({ isPinned: cars.isPinned });
      return row!.isPinned;
    });
    carsChanged(this.ctx, id);
    return pinned;
  }

  /** Permission check before a costly upload is read. */
  async assertOwner(principal: Principal, id: number): Promise<void> {
    await ownedCar(this.ctx.db, id, principal, false);
  }
}
