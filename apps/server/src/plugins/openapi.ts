import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route registered after it, browsable at /api/docs. */
export const openApi = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'BakkesMod Community API', version },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          publishToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bmc_',
            description:
              'A publish token (Settings → Publish tokens), accepted only by the routes its scope opens: ' +
              'plugins:upload (POST /api/plugins/{id}/files/source and /files/banner) and plugins:read ' +
              '(GET /api/plugins/my, /api/plugins/my/{id}, /api/plugins/my/{id}/submissions). See docs/publish-tokens.md.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
