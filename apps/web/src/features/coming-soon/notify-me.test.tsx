import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOIN_US_TEXT } from '../../components/join-us-dialog';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { MapsPage } from './coming-soon-page';
import COMING_SOON_EN from '../../locales/en/comingSoon';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

function serve(subscribed: boolean) {
  const state = { subscribed };
  const fetch = mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/FeatureSubscriptions/status') return json(200, { subscribed: state.subscribed });
    if (u.pathname === '/api/FeatureSubscriptions/subscribe' && init.method === 'POST') {
      state.subscribed = true;
      return new Response(null, { status: 204 });
    }
    if (u.pathname === '/api/FeatureSubscriptions/unsubscribe' && init.method === 'POST') {
      state.subscribed = false;
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'Not found' });
  });
  return fetch;
}

describe('Notify me on a coming-soon page', () => {
  it('subscribes a signed-in member, then offers to unsubscribe', async () => {
    signInAs();
    const fetch = serve(false);
    const user = userEvent.setup();
    renderPage(<MapsPage />, { path: '/maps' });
    const notify = await screen.findByRole('button', { name: COMING_SOON_EN.notify.notifyMe });
    await waitFor(() => expect(notify).toBeEnabled());
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://x').search).toBe('?feature=maps');
    await user.click(notify);
    const subscribed = await screen.findByRole('button', { name: COMING_SOON_EN.notify.subscribed });
    const post = fetch.mock.calls.find(([u]) => String(u).endsWith('/subscribe'))!;
    expect(bodyOf(post[1]!)).toEqual({ feature: 'maps' });
    await waitFor(() => expect(subscribed).toBeEnabled());
    await user.click(subscribed);
    expect(await screen.findByRole('button', { name: COMING_SOON_EN.notify.notifyMe })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/unsubscribe'))).toBe(true);
  });

  it('shows "Subscribed - Unsubscribe" for a member already subscribed', async () => {
    signInAs();
    serve(true);
    renderPage(<MapsPage />, { path: '/maps' });
    expect(await screen.findByRole('button', { name: 'Subscribed - Unsubscribe' })).toBeInTheDocument();
  });

  it('asks anonymous visitors to join instead, without calling the server', async () => {
    const fetch = serve(false);
    const user = userEvent.setup();
    renderPage(<MapsPage />, { path: '/maps' });
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: JOIN_US_TEXT.createAccount })).toHaveAttribute('href', '/register');
    expect(fetch).not.toHaveBeenCalled();
  });
});
