import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { connectSession, hydrateFromStorage, initSession, startBackgroundRefresh } from './lib/auth';
import { loadRuntimeConfig } from './lib/config';
import { initErrorReporting } from './lib/error-reporting';
import { realtime } from './lib/realtime';

async function start() {
  // The stored token is known before the first paint: the top bar shows a placeholder, not "Sign In".
  hydrateFromStorage();
  connectSession();
  const config = await loadRuntimeConfig();
  void initErrorReporting(config);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );

  // The hub connects once the page has loaded: its client is not part of what the first paint waits for.
  if (document.readyState === 'complete') realtime.start();
  else window.addEventListener('load', () => realtime.start(), { once: true });
  await initSession();
  startBackgroundRefresh();
}

void start();
