import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app: its assets as files, and index.html for every other page path so the
 * client router can take over. Unknown /api and /files paths stay JSON 404s.
 */
export async function spaFallback(app: FastifyInstance, dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', index: false, wildcard: false, maxAge: '1y', immutable: true });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (req.method !== 'GET' || url.startsWith('/api/') || url === '/api' || url.startsWith('/files/')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.readFileSync(indexFile));
  });
}
