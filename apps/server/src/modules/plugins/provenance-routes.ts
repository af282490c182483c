import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLUGIN_MESSAGES as M, dsseEnvelopeSchema, type DsseEnvelope } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import { submissions } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { type App, idParam, typed } from '../../http.js';
import { visiblePluginRow } from './policy.js';

const params = z.object({ id: idParam.shape.id, submissionId: idParam.shape.id });

/**
 * The signed provenance of a published version, as the builder sent it: for whoever may see the
 * plugin (policy.ts); 404 for a version not published, or whose binary a moderator attached by hand.
 */
export async function versionProvenance(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  submissionId: number,
  viewer: Principal | null,
): Promise<DsseEnvelope> {
  await visiblePluginRow(ctx.db, id, viewer);
  const [row] = await ctx.db
    .select({ provenance: submissions.provenance, binaryKey: submissions.binaryKey })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), eq(submissions.pluginId, id), eq(submissions.status, 'a')));
  if (!row?.binaryKey) throw notFound(M.noVersion);
  if (!row.provenance) throw notFound(M.noProvenance);
  return row.provenance;
}

/** GET /plugins/{id}/versions/{submissionId}/provenance: the DSSE envelope to check a download with (docs/provenance.md). */
export function provenanceRoutes(app: App, ctx: AppContext) {
  typed(app).get(
    '/plugins/:id/versions/:submissionId/provenance',
    {
      schema: {
        tags: ['plugins'],
        summary: "A version's signed build provenance (DSSE envelope of an in-toto Statement, SLSA Provenance v1)",
        params,
        response: { 200: dsseEnvelopeSchema, 404: z.object({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return versionProvenance(ctx, req.params.id, req.params.submissionId, req.principal);
    },
  );
}
