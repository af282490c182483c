import { and, eq } from 'drizzle-orm';
import { renderMarkdown } from '@bm/core/markdown';
import type { AppContext } from '../../context.js';
import { submissions } from '../../db/schema.js';

/** A published version's changelog, as its author wrote it and as pages show it. */
export interface VersionChangelog {
  pluginId: number;
  versionString: string | null;
  /** The author's markdown ('' when none was given). */
  markdown: string;
  /** The same through the site's one markdown renderer (sanitised HTML; '' when none). */
  html: string;
}

/**
 * The changelog of approved version `submissionId` (for other modules: follower notices quote it),
 * or null when there is no such approved version. It says nothing of the plugin's visibility: the
 * caller tells only those allowed to see the plugin. The moderator's approval note is never part of it.
 */
export async function versionChangelog(
  ctx: Pick<AppContext, 'db'>,
  submissionId: number,
): Promise<VersionChangelog | null> {
  const [row] = await ctx.db
    .select({
      pluginId: submissions.pluginId,
      versionString: submissions.versionString,
      changelog: submissions.changelog,
    })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.status, 'a')));
  if (!row) return null;
  const markdown = row.changelog ?? '';
  return { pluginId: row.pluginId, versionString: row.versionString, markdown, html: await renderMarkdown(markdown) };
}
