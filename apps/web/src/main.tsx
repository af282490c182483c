import './lib/runtime/preact-options';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { connectSession, hydrateFromStorage, initSession, startBackgroundRefresh } from './lib/auth';
import { loadRuntimeConfig } from './lib/config';
import { initErrorReporting } from './lib/error-reporting';
import { startLocale } from './lib/i18n';
import { realtime } from './lib/realtime';

// zod (loaded with the forms that validate) probes for eval with `new Function` when its first object
// schema is built, to compile faster parsers. The site's CSP has no 'unsafe-eval', so the browser
// reports the probe as a violation (Lighthouse: best practices). Its jitless mode skips the probe; it
// reads this global, which is set here before any page chunk (and zod with it) loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

async function start() {
  // The stored token is known before the first paint: the top bar shows a placeholder, not "Sign In".
  hydrateFromStorage();
  connectSession();
  // The reader's language loads beside the runtime settings: a French reader's first paint is French.
  const [config] = await Promise.all([loadRuntimeConfig(), startLocale()]);
  void initErrorReporting(config);

  // The first render as a transition: React renders it in slices and lets the browser breathe between
  // them, instead of one long task before the page answers a tap.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  );

  // The hub connects once the page has loaded (its client is not part of what the first paint waits
  // for), and for signed-out visitors on pages without live parts only once the page has been idle.
  if (document.readyState === 'complete') realtime.startWhenNeeded();
  else window.addEventListener('load', () => realtime.startWhenNeeded(), { once: true });
  await initSession();
  startBackgroundRefresh();
}

void start();
