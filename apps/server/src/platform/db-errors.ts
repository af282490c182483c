/** Error codes and messages that mean "the database cannot be reached right now", not "the query is wrong". */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** PostgreSQL SQLSTATEs: connection exceptions (08xxx), shutting down or starting (57P01-57P03), too many connections (53300). */
const PG_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300)$/;
const MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'Connection ended unexpectedly',
];

/** Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** How long clients are told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The site is briefly unavailable. Please try again in a few seconds.';

/** PostgreSQL refused text: NUL (22P05, untranslatable character) or bytes not valid in the encoding (22021). */
export function isInvalidTextError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22P05' || code === '22021') return true;
  }
  return false;
}

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, d = 0; x && d < 4; x = (x as { cause?: unknown }).cause, d++) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
