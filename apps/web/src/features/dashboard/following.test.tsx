import { FOLLOW_TEXT as F, type FollowingResponse } from '@bm/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePlugin } from '../../test/fixtures';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import T from '../../locales/en/dashboard';
import { DashboardFollowingPage } from './pages';

const following: FollowingResponse = {
  plugins: [makePlugin({ id: 7, name: 'Speedo', followerCount: 3, isFollowing: true })],
  members: [{ id: 9, displayName: 'ada', avatarUrl: null, followerCount: 1, followedAt: '2026-01-01T00:00:00.000Z' }],
};

beforeEach(() => signInAs());
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the Following tab', () => {
  it('lists followed plugins and members, and unfollows each', async () => {
    const calls: string[] = [];
    mockFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      if (init.method === 'DELETE') {
        calls.push(path);
        return json(200, { isFollowing: false, followerCount: 0 });
      }
      if (path === '/me/following') return json(200, following);
      return json(200, []);
    });
    renderPage(<DashboardFollowingPage />, { path: '/dashboard/following' });
    expect(await screen.findByRole('link', { name: 'Speedo' }, { timeout: 5000 })).toHaveAttribute('href', '/plugin/7');
    expect(screen.getByRole('link', { name: T.tabs.following })).toHaveAttribute('aria-current', 'page');
    const members = screen.getByRole('region', { name: /Members you follow/ });
    expect(within(members).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/members/ada');

    await userEvent.click(screen.getByRole('button', { name: F.unfollowLabel('Speedo') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Speedo' })).not.toBeInTheDocument());
    expect(screen.getByText(F.noPlugins)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: F.unfollowLabel('ada') }));
    await waitFor(() => expect(screen.getByText(F.noMembers)).toBeInTheDocument());
    expect(calls).toEqual(['/plugins/7/follow', '/members/ada/follow']);
  });

  it('says so when the list fails, and tries again', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url.includes('/me/following'))
        return fail ? json(500, { message: 'x' }) : json(200, { plugins: [], members: [] });
      return json(200, []);
    });
    renderPage(<DashboardFollowingPage />, { path: '/dashboard/following' });
    const retry = await screen.findByRole('button', { name: T.grid.retry });
    expect(screen.getByText(F.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText(F.noPlugins)).toBeInTheDocument();
  });
});
