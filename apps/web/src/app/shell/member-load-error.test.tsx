import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectAuthBridge } from '../../lib/api';
import {
  connectSession,
  getAuthState,
  hydrateFromStorage,
  initSession,
  SESSION_TEXT,
  signOutLocally,
} from '../../lib/auth';
import { saveStoredSession } from '../../lib/storage';
import { fakeToken, json, LocationProbe, mockFetch, renderRoutes, testMember } from '../../test/utils';
import { RootLayout } from './layout';

function renderShell() {
  return renderRoutes([{ element: <RootLayout />, children: [{ path: '*', element: <LocationProbe /> }] }], {
    path: '/plugins',
  });
}

describe('a failed load of the signed-in member', () => {
  beforeEach(() => connectSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    connectAuthBridge(null);
    signOutLocally();
  });

  it.each([
    ['a server error', () => json(503, { message: 'Service Unavailable' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s says so with Retry, keeps the session, and Retry loads the member', async (_, failure) => {
    const token = fakeToken();
    let meFails = true;
    mockFetch((url) => {
      if (url === '/api/auth/validate') return json(200, { isValid: true });
      if (url === '/api/auth/me') return meFails ? failure() : json(200, testMember);
      if (url === '/api/roles/my') return json(200, []);
      return json(200, {});
    });
    saveStoredSession({ token, rememberMe: true, impersonatorUsername: null });
    hydrateFromStorage();
    renderShell();
    await act(() => initSession());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SESSION_TEXT.memberFetchFailed);
    expect(SESSION_TEXT.memberFetchFailed).toBe('Failed to fetch member data');
    // Not shown as signed out: no Sign In offered, and the token stays stored.
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(getAuthState().token).toBe(token);
    expect(window.localStorage.getItem('bm.auth.token')).toBe(token);

    meFails = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: SESSION_TEXT.retry }));
    await vi.waitFor(() => expect(getAuthState().member).toEqual(testMember));
    expect(screen.queryByText(SESSION_TEXT.memberFetchFailed)).toBeNull();
    expect(await within(screen.getByRole('banner')).findByText(testMember.username)).toBeInTheDocument();
  });
});
