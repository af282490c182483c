/**
 * Safe access to Web Storage: private modes and blocked storage throw on access,
 * and the app must keep working (it just forgets things) when they do.
 */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: nothing to do.
  }
}

export function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // ignore
  }
}

export const TOKEN_KEY = 'bm.auth.token';
const IMPERSONATOR_KEY = 'bm.auth.impersonator';

export interface StoredSession {
  token: string;
  /** true when the token lives in localStorage (keep me signed in). */
  rememberMe: boolean;
  impersonatorUsername: string | null;
}

/** Keep-me-signed-in keeps the token in localStorage; otherwise only for the browser session. */
export function loadStoredSession(): StoredSession | null {
  const local = readItem('local', TOKEN_KEY);
  if (local) return { token: local, rememberMe: true, impersonatorUsername: readItem('local', IMPERSONATOR_KEY) };
  const session = readItem('session', TOKEN_KEY);
  if (session)
    return { token: session, rememberMe: false, impersonatorUsername: readItem('session', IMPERSONATOR_KEY) };
  return null;
}

export function saveStoredSession(s: StoredSession): void {
  const target: StorageArea = s.rememberMe ? 'local' : 'session';
  const other: StorageArea = s.rememberMe ? 'session' : 'local';
  writeItem(target, TOKEN_KEY, s.token);
  if (s.impersonatorUsername) writeItem(target, IMPERSONATOR_KEY, s.impersonatorUsername);
  else removeItem(target, IMPERSONATOR_KEY);
  removeItem(other, TOKEN_KEY);
  removeItem(other, IMPERSONATOR_KEY);
}

export function clearStoredSession(): void {
  for (const which of ['local', 'session'] as const) {
    removeItem(which, TOKEN_KEY);
    removeItem(which, IMPERSONATOR_KEY);
  }
}
