import { z } from 'zod';
import { rowId } from './numbers.js';

/**
 * Compatibility of a plugin with a game version (issue 25, docs/compatibility.md): the texts, the
 * rule and the shapes of the API, shared by the server and the web.
 */
export const COMPATIBILITY_MESSAGES = {
  ownPlugin: 'You cannot report on your own plugin: declare the game versions it works with on its manage page',
  noVersion: 'This plugin has no published version to report on yet',
  unknownGameVersion: 'Unknown game version',
  invalidWorks: 'works must be true or false',
  invalidGameVersionIds: 'gameVersionIds must be game version ids separated by commas',
  tooManyGameVersionIds: 'Declare at most 50 game versions',
  noLiveVersion: 'This plugin has no published version to declare game versions for',
  invalidCompatible: "compatible must be 'current'",
} as const;

export const COMPATIBILITY_STATUSES = ['works', 'broken', 'unverified'] as const;
export type CompatibilityStatus = (typeof COMPATIBILITY_STATUSES)[number];
export const REBUILD_STATUSES = ['passed', 'failed'] as const;
export type RebuildStatus = (typeof REBUILD_STATUSES)[number];

/** Members reporting the same way that it takes to call a plugin works or broken (if they outnumber the others). */
export const COMPATIBILITY_REPORTS_NEEDED = 3;
export const DECLARED_GAME_VERSIONS_MAX = 50;

/**
 * The rule: broken when its rebuild failed or at least 3 members report broken and they outnumber
 * those reporting works; else works when the author declared it, its rebuild passed, or at least 3
 * members report works and they outnumber those reporting broken; else unverified. The server
 * applies it in SQL (db/compatibility-status.ts), held to this by its tests.
 */
export function compatibilityStatus(f: {
  works: number;
  broken: number;
  declared: boolean;
  rebuild: RebuildStatus | null;
}): CompatibilityStatus {
  const n = COMPATIBILITY_REPORTS_NEEDED;
  if (f.rebuild === 'failed' || (f.broken >= n && f.broken > f.works)) return 'broken';
  if (f.declared || f.rebuild === 'passed' || (f.works >= n && f.works > f.broken)) return 'works';
  return 'unverified';
}

/** What every plugin answer carries: its status for the current game version (null id when there is none). */
export const pluginCompatibilitySchema = z.object({
  gameVersionId: z.number().int().nullable(),
  status: z.enum(COMPATIBILITY_STATUSES),
});
export type PluginCompatibility = z.infer<typeof pluginCompatibilitySchema>;

export const compatibilityEntrySchema = z.object({
  gameVersionId: z.number().int(),
  gameVersionName: z.string(),
  status: z.enum(COMPATIBILITY_STATUSES),
  /** Members reporting it works / broken. */
  works: z.number().int(),
  broken: z.number().int(),
  /** The author declares the live version works with it. */
  declared: z.boolean(),
  /** The last rebuild for this game version, null before any. */
  rebuild: z
    .object({ status: z.enum(REBUILD_STATUSES), logUrl: z.string().nullable(), finishedAt: z.string().nullable() })
    .nullable(),
});
export type CompatibilityEntry = z.infer<typeof compatibilityEntrySchema>;

/** GET /plugins/{id}/compatibility. */
export const pluginCompatibilityAnswerSchema = z.object({
  /** The current game version (null when there is no game version at all). */
  current: compatibilityEntrySchema.nullable(),
  /** Every game version with any information, newest first (the current one included). */
  versions: z.array(compatibilityEntrySchema),
  /** Signed in: the member's own report on the current game version (null when none). Absent signed out. */
  myReport: z.object({ works: z.boolean() }).nullable().optional(),
});
export type PluginCompatibilityAnswer = z.infer<typeof pluginCompatibilityAnswerSchema>;

export const compatibilityReportRequest = z.object({
  works: z.boolean({ message: COMPATIBILITY_MESSAGES.invalidWorks }),
});
export type CompatibilityReportRequest = z.infer<typeof compatibilityReportRequest>;

/** Game version ids as the source upload takes them (a comma-separated form field); empty = none given. */
export function parseGameVersionIds(value: string | undefined): number[] | 'invalid' {
  const parts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((s) => /^\d{1,9}$/.test(s))) return 'invalid';
  return [...new Set(parts.map(Number))];
}

/** PUT /plugins/my/{id}/game-versions: the game versions the live version works with (may be empty). */
export const declaredGameVersionsRequest = z.object({
  gameVersionIds: z
    .array(rowId(COMPATIBILITY_MESSAGES.invalidGameVersionIds), {
      message: COMPATIBILITY_MESSAGES.invalidGameVersionIds,
    })
    .max(DECLARED_GAME_VERSIONS_MAX, COMPATIBILITY_MESSAGES.tooManyGameVersionIds),
});
export type DeclaredGameVersionsRequest = z.infer<typeof declaredGameVersionsRequest>;
export const declaredGameVersionsResponse = z.object({
  submissionId: z.number().int(),
  gameVersionIds: z.array(z.number().int()),
});
export type DeclaredGameVersionsResponse = z.infer<typeof declaredGameVersionsResponse>;

/** The badge of a plugin on cards and its page. */
export const compatibilityBadgeText = (status: CompatibilityStatus, gameVersionName: string) =>
  status === 'works'
    ? `Works with ${gameVersionName}`
    : status === 'broken'
      ? `Reported broken on ${gameVersionName}`
      : `Not yet confirmed for ${gameVersionName}`;
