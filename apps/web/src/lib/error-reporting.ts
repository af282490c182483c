import type { RuntimeConfig } from './config';
import { isProductionHost } from './config';
import { APP_VERSION } from './site';

type Capture = (error: unknown) => void;
let capture: Capture | null = null;

/** Error reporting (Sentry) only when the server hands out a DSN; loaded on demand. */
export async function initErrorReporting(config: RuntimeConfig): Promise<void> {
  if (!config.sentryDsn) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: config.sentryDsn,
      environment: config.environment,
      release: APP_VERSION,
      tunnel: '/api/diagnostics',
      integrations: [Sentry.browserTracingIntegration()],
      tracesSampleRate: isProductionHost(config) ? 0.1 : 1.0,
    });
    capture = (error) => Sentry.captureException(error);
  } catch (err) {
    console.warn('Error reporting could not start', err);
  }
}

export function reportError(error: unknown): void {
  capture?.(error);
}
