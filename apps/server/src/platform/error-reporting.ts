import * as Sentry from '@sentry/node';
import type { Config } from '../config.js';

/** Error reporting only when SENTRY_DSN is set: 10 % of traces in production, all elsewhere. */
export function initServerErrorReporting(config: Config) {
  if (!config.sentryDsn) return false;
  Sentry.init({ dsn: config.sentryDsn, environment: config.env, tracesSampleRate: config.production ? 0.1 : 1.0 });
  return true;
}
