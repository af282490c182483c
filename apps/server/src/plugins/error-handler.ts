import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, CONTROL_CHARACTERS_MESSAGE, codedMessage } from '@bm/core';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isInvalidTextError,
} from '../platform/db-errors.js';
import { reportServerError } from '../platform/error-reporting.js';
import { HttpError } from '../platform/errors.js';

/**
 * Every error becomes `{ message }` with an honest status: validation 400 with the fields, HttpError
 * as thrown, a database outage 503 with Retry-After, anything unexpected a logged and reported 500.
 */
export const errorHandler = fp(async (app) => {
  // An answer whose message is one of core's messages also carries its stable code, and the values
  // of one made from a template as its params (docs/i18n.md).
  app.addHook('preSerialization', async (_req, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || 'code' in payload) return payload;
    const { message } = payload as { message?: unknown };
    const coded = typeof message === 'string' ? codedMessage(message) : undefined;
    return coded ? { ...payload, ...coded } : payload;
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
          '_';
        (errors[field] ??= []).push(v.message ?? AUTH_MESSAGES.validationError);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.code(400).send({ message: first ?? AUTH_MESSAGES.validationError, errors });
    }
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ message: err.message, ...err.extra });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'Response did not match its schema');
      return reply.code(500).send({ message: AUTH_MESSAGES.genericError });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(415).send({ message: 'Unsupported content type' });
    }
    if (err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') {
      return reply.code(400).send({ message: 'Send one file per request, with its fields' });
    }
    if (/unexpected end of multipart data|Boundary not found/i.test(err.message ?? '')) {
      return reply.code(400).send({ message: 'Malformed multipart body' });
    }
    // PostgreSQL refuses NUL and bytes that are not UTF-8 in text: the input is at fault, and nothing was written.
    if (isInvalidTextError(err)) {
      return reply.code(400).send({ message: CONTROL_CHARACTERS_MESSAGE });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ message: 'Request body is too large' });
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : err.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'Database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, 'Unhandled error');
    reportServerError(err);
    return reply.code(500).send({ message: AUTH_MESSAGES.genericError });
  });
});
