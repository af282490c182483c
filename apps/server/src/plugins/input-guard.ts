import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@bm/core';
import fp from 'fastify-plugin';
import { HttpError } from '../platform/errors.js';

/**
 * One rule for every route: no control characters in any string of the query, path or JSON body.
 * Checked after the route's own preValidation (who may call: 401/403 first) and its schema.
 */
export const inputGuard = fp(async (app) => {
  app.addHook('preHandler', async (req) => {
    if (
      containsControlCharacters(req.query) ||
      containsControlCharacters(req.params) ||
      containsControlCharacters(req.body)
    ) {
      throw new HttpError(400, CONTROL_CHARACTERS_MESSAGE);
    }
  });
});

/** Whether a parsed input holds a string with a control character (depth-limited; Buffers are files, not text). */
function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (!value || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (hasControlCharacters(k) || containsControlCharacters(v, depth + 1)) return true;
  }
  return false;
}
