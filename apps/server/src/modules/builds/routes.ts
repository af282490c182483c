import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type App, typed } from '../../http.js';
import { BUILD_CALLBACK_BODY_LIMIT } from './protocol.js';
import { BuildService } from './service.js';

const callbackResponse = z.object({ ok: z.literal(true), duplicate: z.boolean(), status: z.string() });
const message = z.object({ message: z.string() });

/**
 * POST /api/builds/callback: the builder's signed status reports. The body is kept as the exact
 * bytes received (no JSON parser in between) so that the signature is checked over them.
 */
export function buildRoutes(app: App, ctx: AppContext) {
  const service = new BuildService(ctx);

  void app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: BUILD_CALLBACK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    typed(scope).post(
      '/builds/callback',
      {
        bodyLimit: BUILD_CALLBACK_BODY_LIMIT,
        // Unsigned or stale requests are refused before their (possibly large) body is read.
        onRequest: async (req) => service.precheck(req.headers),
        schema: {
          tags: ['builds'],
          summary: 'Build status from the builder (HMAC-signed: x-bm-timestamp, x-bm-delivery, x-bm-signature)',
          response: { 200: callbackResponse, 400: message, 401: message, 404: message, 409: message, 422: message },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return service.callback(raw, req.headers);
      },
    );
  });
}
