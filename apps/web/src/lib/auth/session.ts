import {
  CALL_FALLBACKS,
  type AuthResponse,
  type LoginRequest,
  type LoginResponse,
  type Member,
  type TwoFactorVerifyRequest,
} from '@bm/core';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, ApiError, connectAuthBridge } from '../api';
import { queryClient } from '../query-client';
import { realtime } from '../realtime';
import { clearStoredSession, loadStoredSession, saveStoredSession, TOKEN_KEY } from '../storage';
import { isTokenExpired, tokenNeedsRefresh } from '../token';
import { followMemberLocale } from './member-locale';
import { getAuthState, resetAuthState, setAuthState, SIGNED_OUT } from './store';

/** How often the background refresh looks at the token's remaining lifetime. */
export const REFRESH_CHECK_INTERVAL_MS = 5 * 60 * 1000;

async function fetchRoles(token: string): Promise<string[]> {
  try {
    const roles = await api.get<unknown>('/roles/my', { token });
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

function persist(token: string, rememberMe: boolean, impersonatorUsername: string | null): void {
  saveStoredSession({ token, rememberMe, impersonatorUsername });
}

/** Who the cached data belongs to changed: drop what the previous identity saw. */
function identityChanged(): void {
  // Removed, not reset: a reset refetches the active queries at once, with the options they had
  // for the previous identity (signing out then asked for the member's own lists anonymously, and
  // got 401s). Each page asks again, as the new identity, when it renders.
  queryClient.removeQueries();
  realtime.restart();
}

/** Forget the session here without asking the server (token expired, revoked, refresh failed). */
export function signOutLocally(): void {
  const hadSession = getAuthState().token !== null;
  clearStoredSession();
  resetAuthState(SIGNED_OUT);
  if (hadSession) identityChanged();
}

/** Take the stored token into the state before the first render (status: initialising). */
export function hydrateFromStorage(): void {
  const stored = loadStoredSession();
  if (!stored) {
    resetAuthState(SIGNED_OUT);
    return;
  }
  resetAuthState({
    ...SIGNED_OUT,
    token: stored.token,
    rememberMe: stored.rememberMe,
    impersonatorUsername: stored.impersonatorUsername,
    initialised: false,
  });
}

let refreshing: Promise<string | null> | null = null;

/** Single-flight POST /auth/refresh. The new token keeps the session's storage choice. */
export function refreshSession(): Promise<string | null> {
  const token = getAuthState().token;
  if (!token) return Promise.resolve(null);
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      const res = await api.post<AuthResponse>('/auth/refresh', { token }, { auth: false });
      const s = getAuthState();
      if (s.token !== token) return s.token; // signed out or replaced meanwhile
      persist(res.token, s.rememberMe, s.impersonatorUsername);
      setAuthState({ token: res.token, member: res.member ?? s.member });
      return res.token;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Start-up: a stored token is checked (expired locally -> signed out; else validated,
 * refreshed when invalid), then the member and the roles load.
 */
export async function initSession(): Promise<void> {
  const start = getAuthState();
  const token = start.token;
  if (!token) {
    setAuthState({ initialised: true });
    return;
  }
  if (isTokenExpired(token)) {
    signOutLocally();
    return;
  }
  let current = token;
  try {
    const { isValid } = await api.post<{ isValid: boolean }>('/auth/validate', { token }, { auth: false });
    if (!isValid) {
      const fresh = await refreshSession();
      if (!fresh) {
        signOutLocally();
        return;
      }
      current = fresh;
    }
  } catch {
    // Server unreachable: keep the token and try the member call; it decides.
  }
  if (getAuthState().token !== current) return; // the visitor signed in or out meanwhile

  await loadMember(current);
}

export const SESSION_TEXT = {
  memberFetchFailed: 'Failed to fetch member data',
  retry: 'Retry',
} as const;

/** GET /auth/me and the roles; a 401 signs out, any other failure keeps the session with memberError set. */
async function loadMember(token: string): Promise<void> {
  try {
    const member = await api.get<Member>('/auth/me');
    const roles = await fetchRoles(getAuthState().token ?? token);
    if (getAuthState().token === null) return;
    setAuthState({ member, roles, initialised: true, memberError: null });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) signOutLocally();
    else if (getAuthState().token !== null)
      setAuthState({ initialised: true, memberError: SESSION_TEXT.memberFetchFailed });
  }
}

/** The shell's Retry after a failed member load. */
export async function retryMemberLoad(): Promise<void> {
  const { token } = getAuthState();
  if (!token) return;
  setAuthState({ memberError: null, initialised: false });
  await loadMember(token);
}

/** Store a fresh sign-in (login, verified email): token, member, remember flag, roles, socket. */
export async function completeSignIn(res: AuthResponse, rememberMe: boolean): Promise<void> {
  const roles = await fetchRoles(res.token);
  persist(res.token, rememberMe, null);
  resetAuthState({
    token: res.token,
    member: res.member,
    roles,
    rememberMe,
    initialised: true,
    impersonatorUsername: null,
    memberError: null,
  });
  identityChanged();
}

/**
 * POST /auth/login; on success the session is stored. With two-factor on, the answer is a challenge
 * instead (nothing stored yet): finish with verifyTwoFactor. Failures throw ApiError (reason, currentEmail).
 */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  const res = await api.post<LoginResponse>('/auth/login', request, { auth: false, fallback: CALL_FALLBACKS.login });
  if ('twoFactorRequired' in res) return res;
  await completeSignIn(res, request.rememberMe ?? false);
  return res;
}

/** POST /auth/2fa/verify: the second step of a sign-in; on success the session is stored as login does. */
export async function verifyTwoFactor(request: TwoFactorVerifyRequest, rememberMe: boolean): Promise<AuthResponse> {
  const res = await api.post<AuthResponse>('/auth/2fa/verify', request, { auth: false });
  await completeSignIn(res, rememberMe);
  return res;
}

/**
 * Signs in with a passkey alone: the browser offers this site's passkeys (no username asked), the
 * server checks the answer and answers a session, stored as login does. Cancelling throws.
 */
export async function signInWithPasskey(rememberMe: boolean): Promise<AuthResponse> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/auth/passkeys/login/options', undefined, {
    auth: false,
  });
  // Loaded when asked for: the shell (this module) stays without the WebAuthn library.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  const res = await api.post<AuthResponse>('/auth/passkeys/login/verify', { response, rememberMe }, { auth: false });
  await completeSignIn(res, rememberMe);
  return res;
}

/** Tell the server (best effort), then forget everything and reconnect the socket anonymously. */
export async function logout(): Promise<void> {
  const token = getAuthState().token;
  // Forgotten here first, so that nothing asks the server with the token it is about to revoke.
  signOutLocally();
  if (token) {
    try {
      await api.post('/auth/logout', undefined, { token, retryOnUnauthorized: false });
    } catch {
      // The session is gone here either way.
    }
  }
}

/** Reload the member after a change made elsewhere (email confirmed, avatar changed). */
export async function reloadMember(): Promise<void> {
  if (!getAuthState().token) return;
  try {
    const member = await api.get<Member>('/auth/me');
    if (getAuthState().token) setAuthState({ member });
  } catch {
    // keep what we have
  }
}

export function updateMember(patch: Partial<Member>): void {
  const { member } = getAuthState();
  if (member) setAuthState({ member: { ...member, ...patch } });
}

/** Administrator: act as another member. The original username is remembered for the banner. */
export async function startImpersonation(memberId: number): Promise<void> {
  const before = getAuthState();
  const res = await api.post<AuthResponse>(`/admin/impersonate/${memberId}`);
  const roles = await fetchRoles(res.token);
  const impersonatorUsername = before.impersonatorUsername ?? before.member?.username ?? null;
  persist(res.token, false, impersonatorUsername);
  resetAuthState({
    token: res.token,
    member: { ...res.member, isImpersonating: true },
    roles,
    rememberMe: false,
    initialised: true,
    impersonatorUsername,
    memberError: null,
  });
  identityChanged();
}

/** End impersonation: the session is cleared completely; the caller sends the visitor to /login. */
export async function stopImpersonation(): Promise<void> {
  try {
    await api.post('/admin/stop-impersonation', undefined, { retryOnUnauthorized: false });
  } finally {
    signOutLocally();
  }
}

/** On a closed real-time connection: an expired stored token is validated, and dropped when invalid. */
export async function checkTokenAfterDisconnect(): Promise<void> {
  const token = getAuthState().token;
  if (!token || !isTokenExpired(token)) return;
  try {
    const { isValid } = await api.post<{ isValid: boolean }>('/auth/validate', { token }, { auth: false });
    if (!isValid && getAuthState().token === token) signOutLocally();
  } catch (err) {
    if (err instanceof ApiError && err.status > 0 && getAuthState().token === token) signOutLocally();
  }
}

/** Refresh in the background when the token has under 24 h left; checked now and on an interval. */
export function startBackgroundRefresh(intervalMs = REFRESH_CHECK_INTERVAL_MS): () => void {
  const check = () => {
    const { token, initialised } = getAuthState();
    if (!token || !initialised) return;
    if (isTokenExpired(token)) {
      void refreshSession().then((fresh) => {
        if (!fresh) signOutLocally();
      });
    } else if (tokenNeedsRefresh(token)) {
      void refreshSession();
    }
  };
  check();
  const id = setInterval(check, intervalMs);
  return () => clearInterval(id);
}

export const IMPERSONATION_MESSAGES = {
  startFailed: 'Failed to start impersonation',
  stopFailed: 'Failed to stop impersonation',
} as const;

/**
 * Keep-me-signed-in sessions live in localStorage, shared by every tab: follow another tab's
 * sign-out (token removed) or sign-in (token replaced).
 */
function followOtherTabs(): void {
  window.addEventListener('storage', (e) => {
    if (e.key !== TOKEN_KEY || e.storageArea !== window.localStorage) return;
    const current = getAuthState().token;
    if (e.newValue === current) return;
    if (e.newValue === null) {
      if (current && !loadStoredSession()) signOutLocally();
      return;
    }
    hydrateFromStorage();
    identityChanged();
    void initSession();
  });
}

let connected = false;

/** Plug the session into the API client (bearer token, refresh-and-retry) and the socket handshake. */
export function connectSession(): void {
  connectAuthBridge({
    getToken: () => getAuthState().token,
    refresh: refreshSession,
    onUnauthorized: signOutLocally,
  });
  realtime.configure({
    getToken: () => getAuthState().token,
    beforeReconnect: checkTokenAfterDisconnect,
  });
  followMemberLocale();
  if (!connected && typeof window !== 'undefined') {
    connected = true;
    followOtherTabs();
  }
}
