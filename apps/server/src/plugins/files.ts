import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed } from '../http.js';
import { digestHeaders, sha256Hex } from '../platform/digest.js';
import { HttpError } from '../platform/errors.js';
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
      return reply
        .headers(digestHeaders(sha256Hex(data)))
        .header('cache-control', 'private, no-store')
        .header('content-type', safeName.endsWith('.zip') ? 'application/zip' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
