/**
 * Compatibility of a plugin with a game version (issue 25, docs/compatibility.md): the texts, the
 * rule, shared by the server and the web. No zod here: a page that shows a badge loads no schema
 * library (the shapes of the API are in compatibility.ts).
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

/** Game version ids as the source upload takes them (a comma-separated form field); empty = none given. */
export function parseGameVersionIds(value: string | undefined): number[] | 'invalid' {
  const parts = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.every((s) => /^\d{1,9}$/.test(s))) return 'invalid';
  return [...new Set(parts.map(Number))];
}

/** The badge of a plugin on cards and its page. */
export const compatibilityBadgeText = (status: CompatibilityStatus, gameVersionName: string) =>
  status === 'works'
    ? `Works with ${gameVersionName}`
    : status === 'broken'
      ? `Reported broken on ${gameVersionName}`
      : `Not yet confirmed for ${gameVersionName}`;
