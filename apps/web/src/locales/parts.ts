import type { Catalogue } from '@bm/core';
import type { Namespace } from './en';

/**
 * Each language other than English comes in two chunks (lib/i18n). The first holds what the public
 * pages show; this second one holds the namespaces of the pages behind sign-in, the staff's pages and
 * the legal texts, and loads when the code of such a page first loads. The `catalogue-<lng>-later.ts`
 * files list the same names in their glob (a glob takes only literals); catalogues.test.ts checks both.
 */
export const LATER_NAMESPACES: ReadonlySet<Namespace> = new Set<Namespace>([
  'admin',
  'dashboard',
  'inbox',
  'legal',
  'moderation',
  'pluginCreate',
  'pluginManage',
  'settings',
]);

/** A language's JSON files, as globbed from `./<lng>/<ns>.json`, keyed by namespace. */
export function byNamespace(files: Record<string, { default: Catalogue }>): Record<string, Catalogue> {
  return Object.fromEntries(
    Object.entries(files).map(([file, mod]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), mod.default]),
  );
}
