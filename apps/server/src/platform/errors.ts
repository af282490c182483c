import type { ErrorResponse } from '@bm/core';

/** An error a client caused or may see: the status and body it is answered with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Omit<ErrorResponse, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? { errors: { [field]: [message] } } : {});
export const unauthorized = (message = 'User must be authenticated') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, message, field ? { errors: { [field]: [message] } } : {});
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many requests. Please try again later.', {}, { 'retry-after': String(retryAfterSeconds) });
