import { FOLLOW_TEXT as F } from '@bm/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoutes, signInAs, signOut, testMember } from '../../../test/utils';
import { makePluginDetail } from '../list/test-fixtures';
import { PluginDetailPage } from './plugin-detail-page';

/** The plugin page's calls, with the follow calls recorded. */
function serve(detail = makePluginDetail({ followerCount: 2 })) {
  const follows: string[] = [];
  mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/plugins/1/follow') {
      follows.push(init.method ?? 'GET');
      return json(200, { isFollowing: init.method === 'PUT', followerCount: init.method === 'PUT' ? 3 : 2 });
    }
    if (path === '/api/plugins/1') return json(200, detail);
    if (path === '/api/plugins/1/view') return json(200, { viewCount: 1, counted: true });
    if (path === '/api/plugins/1/rating') return json(200, { averageRating: 0, ratingCount: 0, myStars: null });
    return json(200, []);
  });
  return follows;
}

const open = () => renderRoutes([{ path: '/plugin/:id', element: <PluginDetailPage /> }], { path: '/plugin/1' });

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('following from the plugin page', () => {
  it('a member follows and unfollows with the button, which shows the count', async () => {
    signInAs(testMember);
    const follows = serve();
    const user = userEvent.setup();
    open();
    const button = await screen.findByRole('button', { name: F.buttonName(false, 'Plugin 1', 2) }, { timeout: 5000 });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName(F.buttonName(true, 'Plugin 1', 3));
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(follows).toEqual(['PUT', 'DELETE']);
  });

  it('the author sees the count and no button', async () => {
    signInAs(testMember);
    serve(makePluginDetail({ followerCount: 5, member: { id: testMember.id, displayName: 'Me', avatarUrl: null } }));
    open();
    expect(await screen.findByTestId('owner-follower-count', {}, { timeout: 5000 })).toHaveTextContent('5 followers');
    expect(screen.queryByTestId('follow-button')).not.toBeInTheDocument();
  });
});
