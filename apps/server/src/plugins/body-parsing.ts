import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** What comes in (JSON, one file per multipart request, plain-text error reports) and what goes out compressed. */
export const bodyParsing = fp(async (app) => {
  // Answers (JSON, the HTML page) compressed on the way out; the built assets are precompressed at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10 } });
  app.addContentTypeParser(
    ['text/plain', 'application/x-sentry-envelope'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
});
