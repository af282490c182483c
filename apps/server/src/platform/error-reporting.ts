import type { Config } from '../config.js';

type SentrySdk = typeof import('@sentry/node');

/** The SDK once error reporting is on; never loaded without a DSN (it costs half a second and tens of MB at start). */
let sentry: SentrySdk | undefined;

/** Error reporting only when SENTRY_DSN is set: 10 % of traces in production, all elsewhere. */
export async function initServerErrorReporting(config: Config): Promise<boolean> {
  if (!config.sentryDsn) return false;
  sentry = await import('@sentry/node');
  sentry.init({ dsn: config.sentryDsn, environment: config.env, tracesSampleRate: config.production ? 0.1 : 1.0 });
  return true;
}

/** Sends an error to the error reports when they are on; nothing otherwise. */
export function reportServerError(err: unknown) {
  sentry?.captureException(err);
}

/** Sends what is still queued (shutdown), waiting at most timeoutMs. */
export async function flushServerErrorReporting(timeoutMs = 2000) {
  await sentry?.close(timeoutMs);
}
