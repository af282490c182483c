import { z } from 'zod';

/** Texts of the game versions API and screen, shared so that both say the same thing. */
export const GAME_VERSION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 50 characters',
  bakkesmodRequired: 'BakkesMod version is required',
  bakkesmodTooLong: 'BakkesMod version must be at most 50 characters',
  releasedAtInvalid: 'Release date must be a date such as 2026-11-24',
  makeCurrentInvalid: 'makeCurrent must be true or false',
  notFound: 'Game version not found',
  duplicateName: 'A game version with this name already exists',
  emptyPatch: 'Change at least one of name, bakkesmodVersion, releasedAt or makeCurrent',
  unmakeCurrent: 'Make another version current instead',
} as const;
const M = GAME_VERSION_MESSAGES;

export const GAME_VERSION_NAME_MAX = 50;
export const BAKKESMOD_VERSION_MAX = 50;

export const gameVersionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bakkesmodVersion: z.string(),
  releasedAt: z.string(),
  current: z.boolean(),
});
export type GameVersion = z.infer<typeof gameVersionSchema>;

/** A game version's rebuild: counts and one item per plugin (docs/game-versions.md, Rebuilds). */
export const rebuildProgressSchema = z.object({
  total: z.number(),
  queued: z.number(),
  building: z.number(),
  passed: z.number(),
  failed: z.number(),
  items: z.array(
    z.object({
      pluginId: z.number(),
      pluginName: z.string(),
      status: z.enum(['queued', 'building', 'passed', 'failed']),
      logUrl: z.string().nullable(),
    }),
  ),
});
export type RebuildProgress = z.infer<typeof rebuildProgressSchema>;

const name = z
  .string({ message: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(GAME_VERSION_NAME_MAX, M.nameTooLong);
const bakkesmodVersion = z
  .string({ message: M.bakkesmodRequired })
  .trim()
  .min(1, M.bakkesmodRequired)
  .max(BAKKESMOD_VERSION_MAX, M.bakkesmodTooLong);
/** A day (2026-11-24) or a full ISO date-time. */
const releasedAt = z
  .string({ message: M.releasedAtInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, M.releasedAtInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v)), M.releasedAtInvalid);
const makeCurrent = z.boolean({ message: M.makeCurrentInvalid });

export const createGameVersionRequest = z.object({
  name,
  bakkesmodVersion,
  releasedAt: releasedAt.optional(),
  makeCurrent: makeCurrent.default(false),
});
export type CreateGameVersionRequest = z.input<typeof createGameVersionRequest>;

export const updateGameVersionRequest = z
  .object({
    name: name.optional(),
    bakkesmodVersion: bakkesmodVersion.optional(),
    releasedAt: releasedAt.optional(),
    makeCurrent: makeCurrent.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), M.emptyPatch);
export type UpdateGameVersionRequest = z.input<typeof updateGameVersionRequest>;
