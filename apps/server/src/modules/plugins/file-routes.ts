import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import {
  PLUGIN_BANNER_MAX_BYTES,
  PLUGIN_CHANGELOG_MAX,
  PLUGIN_MESSAGES as M,
  SOURCE_ZIP_MAX_BYTES,
  pdbSchema,
  pluginDownloadResponse,
  sourceUploadResponse,
  ZIP_MESSAGES,
} from '@bm/core';
import type { AppContext } from '../../context.js';
import { type App, bearerOrToken, idParam, noContent, only, requireMember, signedIn, typed } from '../../http.js';
import { digestHeaders } from '../../platform/digest.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { PluginFiles } from './files.js';
import { ownedPluginRow } from './policy.js';
import { visitorOf } from './engagement-routes.js';

const submissionParams = z.object({ id: idParam.shape.id, submissionId: idParam.shape.id });

/**
 * The largest text field of an upload: a changelog of PLUGIN_CHANGELOG_MAX characters fits
 * whatever its characters (3 bytes of UTF-8 per UTF-16 unit at most) and its CRLF line breaks.
 */
const FIELD_MAX_BYTES = PLUGIN_CHANGELOG_MAX * 4;

/** Reads the one `file` part of a multipart request (and the text fields around it), within a size limit. */
async function readUpload(req: FastifyRequest, maxBytes: number, tooLarge: () => HttpError) {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data with a file field');
  const fields: Record<string, string> = {};
  let file: { data: Buffer; fileName: string } | null = null;
  const parts = req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: FIELD_MAX_BYTES } });
  for await (const part of parts as AsyncIterable<Multipart>) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw e;
      });
      if (part.fieldname === 'file') file = { data, fileName: part.filename };
    } else if (part.valueTruncated) {
      // A cut value is never used: the changelog says its own limit, any other field is simply too long.
      throw part.fieldname === 'changelog'
        ? badRequest(M.changelogTooLong, 'changelog')
        : badRequest(M.fieldTooLong(part.fieldname), part.fieldname);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw badRequest(M.noFile, 'file');
  return { ...file, fields };
}

const tag = ['plugins'];

/**
 * The options of an upload to the caller's plugin `:id`, answering `response`: a publish token with
 * plugins:upload may call it on its owner's plugins too (docs/publish-tokens.md).
 */
const upload = <Response extends Record<number, z.ZodType>>(response: Response) => ({
  preValidation: signedIn,
  config: { tokenScope: 'plugins:upload' as const },
  schema: { tags: tag, security: bearerOrToken, params: idParam, consumes: ['multipart/form-data'], response },
});

/** A plugin's files: uploads (banner, source), submissions and debug files of the owner, and counted downloads. */
export function fileRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const files = new PluginFiles(ctx);
  r.get(
    '/plugins/my/:id/pdbs',
    only(signedIn, { tags: tag, params: idParam, response: { 200: z.array(pdbSchema) } }),
    async (req) => files.pdbs(requireMember(req), req.params.id),
  );

  r.delete(
    '/plugins/my/:id/submissions/:submissionId',
    only(signedIn, { tags: tag, params: submissionParams, response: noContent }),
    async (req, reply) => {
      await files.deleteSubmission(requireMember(req), req.params.id, req.params.submissionId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/plugins/my/:id/submissions/:submissionId/source-url',
    only(signedIn, { tags: tag, params: submissionParams, response: { 200: z.object({ url: z.string() }) } }),
    async (req) => files.sourceUrl(requireMember(req), req.params.id, req.params.submissionId),
  );

  r.post('/plugins/:id/files/banner', upload({ 200: z.object({ bannerImageUrl: z.string() }) }), async (req) => {
    const principal = requireMember(req);
    await ownedPluginRow(ctx.db, principal, req.params.id);
    const file = await readUpload(req, PLUGIN_BANNER_MAX_BYTES, () => new HttpError(413, M.bannerTooLarge));
    return { bannerImageUrl: await files.setBanner(principal, req.params.id, file.data) };
  });

  r.post('/plugins/:id/files/source', upload({ 201: sourceUploadResponse }), async (req, reply) => {
    const principal = requireMember(req);
    await ownedPluginRow(ctx.db, principal, req.params.id);
    const file = await readUpload(req, SOURCE_ZIP_MAX_BYTES, () =>
      badRequest(ZIP_MESSAGES.tooLarge(SOURCE_ZIP_MAX_BYTES), 'file'),
    );
    const out = await files.uploadSource(principal, req.params.id, {
      data: file.data,
      fileName: file.fileName,
      versionString: file.fields.versionString,
      gameVersionIds: file.fields.gameVersionIds,
      changelog: file.fields.changelog,
      requires: file.fields.requires,
    });
    return reply.code(201).send(out);
  });

  r.get(
    '/plugins/:id/versions/:submissionId/download',
    { schema: { tags: tag, params: submissionParams, response: { 302: z.null().describe('Redirect to the ZIP') } } },
    async (req, reply) => {
      const { url, sha256 } = await files.downloadVersion(
        req.params.id,
        req.params.submissionId,
        req.principal,
        visitorOf(ctx, req),
      );
      // The digest names the ZIP the redirect leads to, so a client can check it before following.
      return reply.headers(digestHeaders(sha256)).header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  r.post(
    '/plugins/:id/download',
    { schema: { tags: tag, params: idParam, response: { 200: pluginDownloadResponse } } },
    async (req) => files.countDownload(req.params.id, req.principal, visitorOf(ctx, req)),
  );
}
