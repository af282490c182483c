import type http from 'node:http';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.js';
import { bearerMatches, listenMetrics } from '../platform/metrics.js';

/**
 * Prometheus metrics: every answered request is counted and timed by its route pattern; the text
 * format is served at GET /metrics to whoever sends METRICS_TOKEN as a bearer token (404 for anyone
 * else and when no token is set, so the path is not advertised), and on METRICS_PORT (127.0.0.1).
 */
export const metricsPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const { metrics, config } = ctx;
  app.addHook('onResponse', async (req, reply) => {
    metrics.request(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = config.metrics.token;
    if (!token || !bearerMatches(req.headers.authorization, token)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    const { body, contentType } = await metrics.text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  let server: http.Server | undefined;
  if (config.metrics.port) {
    const port = config.metrics.port;
    app.addHook('onReady', async () => {
      server = await listenMetrics(metrics, port);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
});
