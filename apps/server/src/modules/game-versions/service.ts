import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  GAME_VERSION_MESSAGES as M,
  type CreateGameVersionRequest,
  type GameVersion,
  type UpdateGameVersionRequest,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { gameVersions } from '../../db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { pluginsChanged } from '../plugins/index.js';

type Row = typeof gameVersions.$inferSelect;

const present = (r: Row): GameVersion => ({
  id: r.id,
  name: r.name,
  bakkesmodVersion: r.bakkesmodVersion,
  releasedAt: r.releasedAt.toISOString(),
  current: r.current,
});

/**
 * Rocket League game versions. Once any exists exactly one is current: every write runs in one
 * transaction holding a lock on the table (writes are rare admin actions), and the partial unique
 * index game_versions_one_current refuses a second current row should anything else try.
 */
export class GameVersionService {
  constructor(private readonly ctx: AppContext) {}

  /** Newest first: by release date, then by the order they were added. */
  async list(): Promise<GameVersion[]> {
    const rows = await this.ctx.db
      .select()
      .from(gameVersions)
      .orderBy(desc(gameVersions.releasedAt), desc(gameVersions.id));
    return rows.map(present);
  }

  async current(): Promise<GameVersion | null> {
    const [row] = await this.ctx.db.select().from(gameVersions).where(eq(gameVersions.current, true));
    return row ? present(row) : null;
  }

  /** Adds a version; the first one ever is current whatever makeCurrent says. */
  async create(input: CreateGameVersionRequest): Promise<GameVersion> {
    return this.write(async (tx) => {
      await this.refuseDuplicate(tx, input.name);
      const [any] = await tx.select({ id: gameVersions.id }).from(gameVersions).limit(1);
      const current = Boolean(input.makeCurrent) || !any;
      if (current) await tx.update(gameVersions).set({ current: false }).where(eq(gameVersions.current, true));
      const [row] = await tx
        .insert(gameVersions)
        .values({
          name: input.name,
          bakkesmodVersion: input.bakkesmodVersion,
          current,
          ...(input.releasedAt ? { releasedAt: new Date(input.releasedAt) } : {}),
        })
        .returning();
      return present(row!);
    });
  }

  /** Changes any of the fields; makeCurrent moves the one current mark here (it cannot be taken off alone). */
  async update(id: number, input: UpdateGameVersionRequest): Promise<GameVersion> {
    return this.write(async (tx) => {
      const [row] = await tx.select().from(gameVersions).where(eq(gameVersions.id, id));
      if (!row) throw notFound(M.notFound);
      if (input.makeCurrent === false && row.current) throw conflict(M.unmakeCurrent, 'makeCurrent');
      if (input.name !== undefined) await this.refuseDuplicate(tx, input.name, id);
      const makeCurrent = input.makeCurrent === true && !row.current;
      if (makeCurrent) await tx.update(gameVersions).set({ current: false }).where(eq(gameVersions.current, true));
      const [updated] = await tx
        .update(gameVersions)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.bakkesmodVersion !== undefined ? { bakkesmodVersion: input.bakkesmodVersion } : {}),
          ...(input.releasedAt !== undefined ? { releasedAt: new Date(input.releasedAt) } : {}),
          ...(makeCurrent ? { current: true } : {}),
        })
        .where(eq(gameVersions.id, id))
        .returning();
      return present(updated!);
    });
  }

  private async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const out = await this.ctx.db.transaction(async (tx) => {
      // Two administrators adding or promoting versions at once are taken one after the other, so
      // the duplicate-name check and the move of the current mark see each other's result.
      await tx.execute(sql`lock table ${gameVersions} in share row exclusive mode`);
      return work(tx);
    });
    // Every plugin answer carries its status on the current game version, which a new current one changes:
    // a game version write drops every kept plugin answer (docs/compatibility.md).
    pluginsChanged(this.ctx);
    return out;
  }

  /** Names are unique whatever their case ('Season 20' and 'season 20' are one version). */
  private async refuseDuplicate(tx: Db, name: string, exceptId?: number) {
    const [same] = await tx
      .select({ id: gameVersions.id })
      .from(gameVersions)
      .where(
        and(
          sql`lower(${gameVersions.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(gameVersions.id, exceptId),
        ),
      );
    if (same) throw conflict(M.duplicateName, 'name');
  }
}
