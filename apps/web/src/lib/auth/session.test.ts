import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeToken, json, mockFetch, testMember } from '../../test/utils';
import { connectAuthBridge } from '../api';
import { saveStoredSession } from '../storage';
import {
  checkTokenAfterDisconnect,
  connectSession,
  hydrateFromStorage,
  initSession,
  logout,
  startBackgroundRefresh,
  startImpersonation,
  stopImpersonation,
} from './session';
import { getAuthState, resetAuthState, SIGNED_OUT, statusOf } from './store';

const now = () => Math.floor(Date.now() / 1000);

function storeToken(token: string, rememberMe = true) {
  saveStoredSession({ token, rememberMe, impersonatorUsername: null });
  hydrateFromStorage();
}

describe('session lifecycle', () => {
  beforeEach(() => {
    resetAuthState(SIGNED_OUT);
    connectSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    connectAuthBridge(null);
    resetAuthState(SIGNED_OUT);
  });

  it('hydrates a stored token as "initialising"', () => {
    storeToken(fakeToken());
    expect(statusOf(getAuthState())).toBe('initialising');
  });

  it('signs out at once when the stored token is expired (5 s skew), without calling the server', async () => {
    const fetch = mockFetch(() => json(200, {}));
    storeToken(fakeToken({ exp: now() + 3 }));
    await initSession();
    expect(getAuthState()).toMatchObject({ token: null, initialised: true });
    expect(window.localStorage.getItem('bm.auth.token')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('validates, then loads the member and the roles', async () => {
    const token = fakeToken();
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/validate') return json(200, { isValid: true });
      if (url === '/api/auth/me') return json(200, testMember);
      if (url === '/api/roles/my') return json(200, ['administrator']);
      return json(404);
    });
    storeToken(token);
    await initSession();
    expect(getAuthState()).toMatchObject({ token, member: testMember, roles: ['administrator'], initialised: true });
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ token });
    const me = fetch.mock.calls.find(([u]) => u === '/api/auth/me')!;
    expect((me[1]!.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it('refreshes an invalid token and keeps the storage choice', async () => {
    const fresh = fakeToken({ iat: now() + 1 });
    mockFetch((url) => {
      if (url === '/api/auth/validate') return json(200, { isValid: false });
      if (url === '/api/auth/refresh') return json(200, { token: fresh, member: testMember });
      if (url === '/api/auth/me') return json(200, testMember);
      return json(200, []);
    });
    storeToken(fakeToken(), false);
    await initSession();
    expect(getAuthState()).toMatchObject({ token: fresh, rememberMe: false, initialised: true });
    expect(window.sessionStorage.getItem('bm.auth.token')).toBe(fresh);
  });

  it('signs out when the token is invalid and cannot be refreshed', async () => {
    mockFetch((url) => (url === '/api/auth/validate' ? json(200, { isValid: false }) : json(401, { message: 'no' })));
    storeToken(fakeToken());
    await initSession();
    expect(getAuthState()).toMatchObject({ token: null, member: null, initialised: true });
  });

  it('a 401 on the member call signs out; a roles failure leaves roles empty', async () => {
    mockFetch((url) => (url === '/api/auth/validate' ? json(200, { isValid: true }) : json(401, {})));
    storeToken(fakeToken());
    await initSession();
    expect(getAuthState().token).toBeNull();

    mockFetch((url) => {
      if (url === '/api/auth/validate') return json(200, { isValid: true });
      if (url === '/api/auth/me') return json(200, testMember);
      return json(500, {});
    });
    storeToken(fakeToken());
    await initSession();
    expect(getAuthState()).toMatchObject({ member: testMember, roles: [] });
  });

  it('refreshes in the background when under 24 h from expiry', async () => {
    const fresh = fakeToken();
    const fetch = mockFetch(() => json(200, { token: fresh, member: testMember }));
    resetAuthState({ ...SIGNED_OUT, token: fakeToken({ exp: now() + 3600 }), member: testMember, initialised: true });
    const stop = startBackgroundRefresh();
    await vi.waitFor(() => expect(getAuthState().token).toBe(fresh));
    stop();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/refresh');
  });

  it('does not refresh a token with more than 24 h left', () => {
    const fetch = mockFetch(() => json(200, {}));
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), member: testMember, initialised: true });
    startBackgroundRefresh()();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logout calls the server and clears everything', async () => {
    const token = fakeToken();
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    storeToken(token);
    resetAuthState({ ...getAuthState(), member: testMember, initialised: true });
    await logout();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(getAuthState()).toEqual(SIGNED_OUT);
    expect(window.localStorage.getItem('bm.auth.token')).toBeNull();
  });

  it('impersonation remembers the administrator, and stopping clears the session', async () => {
    const asMember = fakeToken({ sub: '9', is_impersonating: true });
    mockFetch((url) => {
      if (url === '/api/admin/impersonate/9')
        return json(200, { token: asMember, member: { ...testMember, id: 9, username: 'rookie' } });
      if (url === '/api/roles/my') return json(200, []);
      return json(200, { message: 'ok' });
    });
    resetAuthState({
      ...SIGNED_OUT,
      token: fakeToken(),
      member: { ...testMember, username: 'boss' },
      roles: ['administrator'],
      initialised: true,
    });
    await startImpersonation(9);
    expect(getAuthState()).toMatchObject({
      token: asMember,
      impersonatorUsername: 'boss',
      roles: [],
      member: { username: 'rookie', isImpersonating: true },
    });
    await stopImpersonation();
    expect(getAuthState()).toEqual(SIGNED_OUT);
  });

  it('after a disconnect, an expired token that fails validation signs out', async () => {
    mockFetch(() => json(200, { isValid: false }));
    resetAuthState({ ...SIGNED_OUT, token: fakeToken({ exp: now() - 10 }), member: testMember, initialised: true });
    await checkTokenAfterDisconnect();
    expect(getAuthState().token).toBeNull();
  });
});

describe('other tabs', () => {
  beforeEach(() => connectSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuthState(SIGNED_OUT);
  });

  it('signing out in another tab signs out here', () => {
    const token = fakeToken();
    storeToken(token);
    resetAuthState({ ...getAuthState(), member: testMember, initialised: true });
    window.localStorage.removeItem('bm.auth.token');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'bm.auth.token',
        oldValue: token,
        newValue: null,
        storageArea: window.localStorage,
      }),
    );
    expect(getAuthState().token).toBeNull();
  });
});
