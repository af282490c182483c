import { z } from 'zod';
import { createGameVersionRequest, gameVersionSchema, rebuildProgressSchema, updateGameVersionRequest } from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, idParam, only, typed } from '../../http.js';
import { RebuildService } from '../builds/index.js';
import { GameVersionService } from './service.js';

const tags = ['game-versions'];
const message = z.object({ message: z.string() });

/** Game versions (issue 25): public list, administrators add and change them. */
export function gameVersionRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const versions = new GameVersionService(ctx);

  r.get('/game-versions', { schema: { tags, response: { 200: z.array(gameVersionSchema) } } }, async () =>
    versions.list(),
  );

  r.post(
    '/admin/game-versions',
    only(administratorOnly, { tags, body: createGameVersionRequest, response: { 201: gameVersionSchema } }),
    async (req, reply) => reply.code(201).send(await versions.create(req.body)),
  );

  r.patch(
    '/admin/game-versions/:id',
    only(administratorOnly, {
      tags,
      params: idParam,
      body: updateGameVersionRequest,
      response: { 200: gameVersionSchema },
    }),
    async (req) => versions.update(req.params.id, req.body),
  );

  // Rebuilds (docs/game-versions.md): every approved plugin's live source through the builder, results only.
  const rebuilds = new RebuildService(ctx);
  r.post(
    '/admin/game-versions/:id/rebuild',
    only(administratorOnly, {
      tags,
      summary: 'Rebuild every approved plugin with a source for this game version (409 without a builder)',
      params: idParam,
      response: { 202: rebuildProgressSchema, 404: message, 409: message },
    }),
    async (req, reply) => reply.code(202).send(await rebuilds.start(req.params.id)),
  );
  r.get(
    '/admin/game-versions/:id/rebuild',
    only(administratorOnly, { tags, params: idParam, response: { 200: rebuildProgressSchema, 404: message } }),
    async (req) => rebuilds.progress(req.params.id),
  );
}
