import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CAR_BANNER_BOX, CAR_BANNER_MAX_BYTES, CAR_MESSAGES as M } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { cars } from '../../db/schema.js';
import { HttpError } from '../../platform/errors.js';
import { reencodeImage } from '../../platform/images.js';
import { carsChanged } from './caches.js';
import { ownedCar } from './policy.js';

/** Removes a car's stored file; a failure is logged, never thrown (the car is already changed). */
export async function removeCarFile(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage.delete(key).catch((err) => ctx.log.warn({ err, key }, 'Car banner file not removed'));
}

/** A car's files: its banner. */
export class CarFiles {
  constructor(private readonly ctx: AppContext) {}

  /** Stores a re-encoded banner, points the car at it, then removes the old file; a failed write leaves no new file. */
  async setBanner(principal: Principal, id: number, data: Buffer): Promise<string> {
    if (data.length > CAR_BANNER_MAX_BYTES) throw new HttpError(413, M.bannerTooLarge);
    const image = await reencodeImage(data, { ...CAR_BANNER_BOX, fit: 'inside' }, M.bannerType);
    const key = `cars/${id}-${randomBytes(8).toString('hex')}.webp`;
    await this.ctx.storage.put(key, image);
    let oldKey: string | null = null;
    try {
      await this.ctx.db.transaction(async (tx) => {
        const car = await ownedCar(tx, id, principal);
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
    carsChanged(this.ctx, id);
    if (oldKey) await removeCarFile(this.ctx, oldKey);
    return this.ctx.storage.url(key);
  }
}
