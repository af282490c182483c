import { z } from 'zod';
import { createGameVersionRequest, gameVersionSchema, updateGameVersionRequest } from '@bm/core';
import type { AppContext } from '../../context.js';
import { administratorOnly, type App, bearer, idParam, typed } from '../../http.js';
import { GameVersionService } from './service.js';

const tags = ['game-versions'];

/** Game versions (issue 25): public list, administrators add and change them. */
export function gameVersionRoutes(app: App, ctx: AppContext) {
  const r = typed(app);
  const versions = new GameVersionService(ctx);

  r.get('/game-versions', { schema: { tags, response: { 200: z.array(gameVersionSchema) } } }, async () =>
    versions.list(),
  );

  r.post(
    '/admin/game-versions',
    {
      preValidation: administratorOnly,
      schema: { tags, security: bearer, body: createGameVersionRequest, response: { 201: gameVersionSchema } },
    },
    async (req, reply) => reply.code(201).send(await versions.create(req.body)),
  );

  r.patch(
    '/admin/game-versions/:id',
    {
      preValidation: administratorOnly,
      schema: {
        tags,
        security: bearer,
        params: idParam,
        body: updateGameVersionRequest,
        response: { 200: gameVersionSchema },
      },
    },
    async (req) => versions.update(req.params.id, req.body),
  );
}
