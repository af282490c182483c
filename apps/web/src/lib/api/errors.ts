import { AUTH_MESSAGES, type InspectionFlag } from '@bm/core';
import { serverMessage } from '../i18n';
import { commonT } from '../i18n/common';

export interface ErrorBody {
  message?: string;
  /** The message's stable code ('auth.emailTaken') when it is one of core's messages (docs/i18n.md). */
  code?: string;
  /** The values of a message made from a template ({ name: 'a.dll' }), to put in the translation. */
  params?: Record<string, string | number>;
  errors?: Record<string, string[]>;
  reason?: string;
  currentEmail?: string | null;
  flags?: InspectionFlag[];
}

/** A non-2xx answer (status > 0) or a network failure / timeout (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, when its body carried one. */
  readonly serverMessage: string | null;
  /** The stable code of the server's message, by which the web shows it in the reader's language. */
  readonly code: string | null;
  /** The values in the server's message, when it was made from a template. */
  readonly params: Record<string, string | number> | null;
  readonly errors: Record<string, string[]> | null;
  readonly reason: string | null;
  readonly currentEmail: string | null;
  /** Raw Retry-After header (429 answers). */
  readonly retryAfter: string | null;
  /** A 409 on approving a binary: the inspection flags to acknowledge. */
  readonly flags: InspectionFlag[] | null;

  constructor(status: number, body: ErrorBody | null, retryAfter: string | null = null, fallback?: string) {
    const serverMessage = typeof body?.message === 'string' && body.message ? body.message : null;
    super(serverMessage ?? fallback ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = typeof body?.code === 'string' && body.code ? body.code : null;
    this.params = body?.params && typeof body.params === 'object' ? body.params : null;
    this.errors = body?.errors && typeof body.errors === 'object' ? body.errors : null;
    this.reason = typeof body?.reason === 'string' ? body.reason : null;
    this.currentEmail = typeof body?.currentEmail === 'string' ? body.currentEmail : null;
    this.retryAfter = retryAfter;
    this.flags = Array.isArray(body?.flags) ? body.flags : null;
  }
}

/** A call that got no answer (status 0), said in the reader's language. */
export function noAnswerError(timedOut: boolean): ApiError {
  const t = commonT();
  return new ApiError(0, null, null, timedOut ? t('network.timedOut') : t('network.failed'));
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

export function firstFieldError(errors: Record<string, string[]> | null | undefined): string | null {
  if (!errors) return null;
  for (const list of Object.values(errors)) {
    const first = Array.isArray(list) ? list.find((m) => typeof m === 'string' && m) : undefined;
    if (first) return first;
  }
  return null;
}

/**
 * The text a screen shows for a failed call (spec §8): a 400 shows the first field error,
 * else the message, else 'Validation error'; other answers show the server's message,
 * else the screen's own fallback.
 */
export function errorText(err: unknown, fallback?: string): string {
  if (err instanceof ApiError) {
    if (err.status === 400) return badRequestText(err);
    if (err.serverMessage) return serverMessage(err.serverMessage, err.code, err.params);
  }
  return fallback ?? serverMessage(AUTH_MESSAGES.genericError, 'auth.genericError');
}

/**
 * A 400's text in the reader's language: its first field error, else its message, else 'Validation
 * error'. The answer's code names its message, which the server makes the first field error when
 * fields failed, so the code translates either.
 */
function badRequestText(err: ApiError): string {
  const text = firstFieldError(err.errors) ?? err.serverMessage;
  if (!text) return serverMessage(AUTH_MESSAGES.validationError, 'auth.validationError');
  return text === err.serverMessage ? serverMessage(text, err.code, err.params) : text;
}

/**
 * The general rule (spec §8) for a failed action with no screen text of its own, as its toast shows
 * it: a 400's first field error or message ('Validation error'); else the server's message, else the
 * error's own message (a call's store text such as 'Failed to fetch cars', or 'Network error...'),
 * else 'Something went wrong. Please try again.'; 'Request failed.' when even that cannot be read.
 */
export function requestErrorText(err: unknown): string {
  try {
    if (err instanceof ApiError) {
      if (err.status === 400) return badRequestText(err);
      if (err.serverMessage) return serverMessage(err.serverMessage, err.code, err.params);
    }
    if (err instanceof Error && err.message.trim()) return err.message;
    return serverMessage(AUTH_MESSAGES.genericError, 'auth.genericError');
  } catch {
    return serverMessage(AUTH_MESSAGES.requestFailed, 'auth.requestFailed');
  }
}

export async function parseErrorBody(text: string): Promise<ErrorBody | null> {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}
