import { z } from 'zod';
import {
  COMPATIBILITY_MESSAGES,
  COMPATIBILITY_STATUSES,
  DECLARED_GAME_VERSIONS_MAX,
  REBUILD_STATUSES,
} from './compatibility-rules.js';
import { rowId } from './numbers.js';

/** The shapes of the compatibility calls (issue 25, docs/compatibility.md); the texts and the rule are in compatibility-rules.ts. */

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
