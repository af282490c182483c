import { useSyncExternalStore } from 'react';

/** How often relative times ('3 minutes ago') are brought up to date while a page stays open. */
export const NOW_TICK_MS = 30_000;

/**
 * One shared clock for every relative time on the page: a single interval runs while at least one
 * component listens and the tab is visible; it stops when the last one unmounts or the tab is hidden,
 * and a tab that comes back catches up at once.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function start() {
  if (timer === null && !isHidden()) timer = setInterval(tick, NOW_TICK_MS);
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

function onVisibility() {
  if (isHidden()) return stop();
  tick();
  start();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    document.addEventListener('visibilitychange', onVisibility);
    start();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

function snapshot(): number {
  // Nobody listened for a while: the first reader should not see a stale clock.
  if (listeners.size === 0 && Date.now() - now >= 1000) now = Date.now();
  return now;
}

/** The current time in ms, updated every NOW_TICK_MS for all callers at once. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
