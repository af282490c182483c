import type { FastifyInstance } from 'fastify';

/** A request slower than this is worth a line at the default level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, written when its answer is sent (method, path, status, time), in place of
 * Fastify's two ("incoming request", "request completed"). Ordinary answers are logged at debug
 * (LOG_LEVEL=debug shows every request); a server error or a slow answer at info, so that the default
 * level keeps what needs a look and a load test does not write a line per request. Errors keep their
 * own line with the stack (the error handler), and a reverse proxy in front keeps the access log.
 */
export function logRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const notable = status >= 500 || ms >= SLOW_REQUEST_MS;
    // Below the logger's level this call is a no-op.
    req.log[notable ? 'info' : 'debug'](
      { method: req.method, url: req.url, status, ms },
      `${req.method} ${req.url} ${status} ${ms} ms`,
    );
  });
}
