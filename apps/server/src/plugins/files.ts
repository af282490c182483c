import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import parseRange from 'range-parser';
import { z } from 'zod';
import { typed } from '../http.js';
import { digestHeaders, sha256Hex } from '../platform/digest.js';
import { HttpError } from '../platform/errors.js';
import { matchesEtag } from '../platform/read-cache.js';
import type { SignedUrls } from '../platform/signed-urls.js';
import { FILES_URL_PREFIX, type FileStorage, isPublicFileKey } from '../platform/storage.js';

export interface FilesOptions {
  storage: FileStorage;
  signedUrls: SignedUrls;
}

/** Stored files over HTTP: public ones (images, approved binaries) under /files, private ones through signed links. */
export async function filesPlugin(app: FastifyInstance, { storage, signedUrls }: FilesOptions) {
  await publicFiles(app, storage);
  signedFiles(app, storage, signedUrls);
}

async function publicFiles(app: FastifyInstance, storage: FileStorage) {
  if ('root' in storage && typeof storage.root === 'string') {
    fs.mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: '1h',
      allowedPath: (pathName) => isPublicFileKey(decodeURIComponent(pathName).replace(/^\/+/, '')),
    });
    return;
  }
  // Any other store (S3): public files through the server, so the bucket itself stays private.
  app.get(`${FILES_URL_PREFIX}*`, async (req, reply) => {
    const key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
    const data = isPublicFileKey(key) ? await storage.get(key) : null;
    if (!data) return reply.code(404).send({ message: 'Not found' });
    const type = key.endsWith('.webp')
      ? 'image/webp'
      : key.endsWith('.png')
        ? 'image/png'
        : key.endsWith('.jpg')
          ? 'image/jpeg'
          : 'application/octet-stream';
    return reply.header('cache-control', 'public, max-age=3600').header('content-type', type).send(data);
  });
}

const signedQuery = z.object({
  key: z.string().min(1).max(500),
  exp: z.coerce.number().int().positive(),
  name: z.string().min(1).max(200),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Bad signature'),
});

/** GET /api/files/signed?key&exp&name&sig (SIGNED_FILES_PATH): the file, private and never cached by shared caches. */
function signedFiles(app: FastifyInstance, storage: FileStorage, urls: SignedUrls) {
  typed(app).get(
    '/api/files/signed',
    { schema: { tags: ['files'], hide: true, querystring: signedQuery } },
    async (req, reply) => {
      const key = urls.check(req.query);
      if (!key) throw new HttpError(403, 'This download link is invalid or has expired');
      const data = await storage.get(key);
      if (!data) throw new HttpError(404, 'File not found');
      const safeName = req.query.name.replace(/[^\w.-]+/g, '_');
      const digest = digestHeaders(sha256Hex(data));
      reply
        .headers(digest)
        .header('cache-control', 'private, no-store')
        .header('accept-ranges', 'bytes')
        .header('content-type', safeName.endsWith('.zip') ? 'application/zip' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff');
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && matchesEtag(ifNoneMatch, digest.etag!)) return reply.code(304).send();
      const ifRange = req.headers['if-range'];
      const part = rangeOf(
        req.headers.range,
        typeof ifRange === 'string' ? ifRange : undefined,
        digest.etag!,
        data.length,
      );
      if (part === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${data.length}`).send();
      }
      if (part) {
        return reply
          .code(206)
          .header('content-range', `bytes ${part.start}-${part.end}/${data.length}`)
          .send(data.subarray(part.start, part.end + 1));
      }
      return reply.send(data);
    },
  );
}

/**
 * The one byte range a Range header asks for (RFC 9110 14.2), parsed by range-parser: null for the
 * whole file (no Range, a malformed one, several ranges, or an If-Range naming other bytes), or
 * 'unsatisfiable' (416).
 */
function rangeOf(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!range || (ifRange !== undefined && ifRange !== etag)) return null;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}
