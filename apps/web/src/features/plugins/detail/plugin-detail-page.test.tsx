import { COMMENT_EVENTS, COMMENT_MESSAGES, COMMENTS_PAGE_SIZE, type Comment } from '@bm/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { json, mockFetch, renderRoutes, signInAs, signOut, testMember } from '../../../test/utils';
import { commentsPaging, pluginKeys } from '../api';
import D from '../../../locales/en/pluginDetail';
import { makeComment, makePluginDetail, versionsAnswer } from '../list/test-fixtures';
import { installLauncher } from './counters';
import { PluginDetailPage } from './plugin-detail-page';

function serve(comments: Comment[] = [], extra?: (path: string, init: RequestInit) => Response | null) {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const more = extra?.(u.pathname, init);
    if (more) return more;
    if (u.pathname === '/api/plugins/1') return json(200, makePluginDetail());
    if (u.pathname === '/api/plugins/1/comments') return json(200, comments);
    if (u.pathname === '/api/plugins/1/versions') return json(200, versionsAnswer());
    if (u.pathname === '/api/plugins/1/view') return json(200, { viewCount: 23001, counted: true });
    if (u.pathname === '/api/plugins/1/download')
      return json(200, { downloadCount: 1501, counted: true, downloadUrl: '/dl/5' });
    if (u.pathname === '/api/plugins/1/rating')
      return json(200, { averageRating: 4.25, ratingCount: 8, myStars: null });
    return json(404, { message: 'Not found' });
  });
}

function open(path = '/plugin/1') {
  return renderRoutes([{ path: '/plugin/:id', element: <PluginDetailPage /> }], { path });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  signOut();
});

describe('plugin detail', () => {
  it('the Comments tab shows no count until it is known: not while comments load, nor after they failed', async () => {
    serve([], (path) => (path === '/api/plugins/1/comments' ? (new Promise(() => {}) as never) : null));
    const { unmount } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plugin 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: D.detail.comments })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Comments \(/ })).toBeNull();
    unmount();

    serve([], (path) => (path === '/api/plugins/1/comments' ? json(500, {}) : null));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: D.detail.comments }));
    expect(await screen.findByText(D.comments.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: D.detail.comments })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: /Comments \(/ })).toBeNull();
  });

  it('shows the plugin, tabs with arrow keys, versions table and counts a view once', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plugin 1' })).toBeInTheDocument();
    expect(document.title).toContain('Plugin 1');
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: D.info.title })).toBeInTheDocument();
    expect(screen.queryByText(D.admin.title)).not.toBeInTheDocument();
    const details = screen.getByRole('tab', { name: D.detail.details });
    details.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: D.detail.versions })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('columnheader', { name: D.versions.releasedCol })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Comments (0)' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/plugins/1/view'))).toHaveLength(1),
    );
  });

  it.each([
    [true, D.detail.awaitingReview],
    [false, D.detail.noRelease],
  ])(
    'a plugin with no released version says why it cannot be installed (awaiting review: %s), and opens no protocol link',
    async (needsApproval, text) => {
      const launch = vi.spyOn(installLauncher, 'open').mockImplementation(() => {});
      serve([], (path) =>
        path === '/api/plugins/1'
          ? json(200, makePluginDetail({ versionString: null, downloadUrl: null, needsApproval }))
          : null,
      );
      open('/plugin/1?install=1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Plugin 1' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(text);
      expect(screen.queryByRole('button', { name: D.detail.install })).not.toBeInTheDocument();
      expect(launch).not.toHaveBeenCalled();
    },
  );

  it('non-numeric ids are not found', () => {
    serve();
    open('/plugin/abc');
    expect(screen.getByRole('heading', { level: 1, name: D.detail.notFoundTitle })).toBeInTheDocument();
    expect(screen.queryByText(D.detail.error)).not.toBeInTheDocument();
  });

  it('install opens bakkesmod://install/1 and the helper; Try Again re-opens, Close closes', async () => {
    serve();
    const launch = vi.spyOn(installLauncher, 'open').mockImplementation(() => {});
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: D.detail.install }));
    expect(launch).toHaveBeenLastCalledWith('bakkesmod://install/1');
    const dialog = await screen.findByRole('dialog', { name: D.install.title }); // its chunk loads on first use
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: D.install.tryAgain }));
    expect(launch).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: D.install.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('?install=1 starts the install on arrival', async () => {
    serve();
    const launch = vi.spyOn(installLauncher, 'open').mockImplementation(() => {});
    open('/plugin/1?install=1');
    expect(await screen.findByRole('dialog', { name: D.install.title })).toBeInTheDocument();
    expect(launch).toHaveBeenCalledWith('bakkesmod://install/1');
  });

  it('anonymous rating opens the join modal', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByTestId('rating-summary'));
    await user.click(screen.getByRole('button', { name: 'Rate 4 stars' }));
    expect(screen.getByRole('dialog', { name: 'Rate and Review Plugins' })).toBeInTheDocument();
  });
});

describe('plugin detail: rating panel', () => {
  it('rating panel: a pointer resting on it opens it and leaving closes it; a click keeps it open until an outside click', async () => {
    serve();
    const user = userEvent.setup();
    // Inside a focusable main, as in the site shell: a click on the panel's text must not hand focus to it.
    renderRoutes(
      [
        {
          path: '/plugin/:id',
          element: (
            <main tabIndex={-1}>
              <PluginDetailPage />
            </main>
          ),
        },
      ],
      { path: '/plugin/1' },
    );
    const summary = await screen.findByTestId('rating-summary');
    const panel = screen.getByTestId('rating-panel');
    await user.hover(summary);
    expect(panel).toBeVisible();
    await user.unhover(summary);
    expect(panel).not.toBeVisible();
    await user.click(summary);
    expect(panel).toBeVisible();
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel).getByText(D.rating.yours));
    expect(panel).toBeVisible();
    await user.unhover(summary);
    expect(panel).toBeVisible();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Plugin 1' }));
    expect(panel).not.toBeVisible();
    expect(summary).toHaveAttribute('aria-expanded', 'false');
  });

  it('rating panel: Enter on a star rates and the panel stays open; Escape closes it with focus back on the button', async () => {
    signInAs();
    const fetch = serve([], (path, init) =>
      path === '/api/plugins/1/rating' && init.method === 'POST'
        ? json(200, { averageRating: 4.1, ratingCount: 9, myStars: 4 })
        : null,
    );
    const user = userEvent.setup();
    open();
    const summary = await screen.findByTestId('rating-summary');
    summary.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByTestId('rating-panel');
    expect(panel).toBeVisible();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Rate 4 stars' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/plugins/1/rating') && i?.method === 'POST')).toBe(
      true,
    );
    expect(panel).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rate 4 stars' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(summary).toHaveFocus();
  });
});

describe('plugin detail: owner and administrators', () => {
  it('the author finds Manage on their own plugin page; others do not', async () => {
    signInAs(testMember);
    serve([], (path) =>
      path === '/api/plugins/1'
        ? json(200, makePluginDetail({ member: { id: testMember.id, displayName: 'Me', avatarUrl: null } }))
        : null,
    );
    open();
    expect(await screen.findByRole('link', { name: D.detail.manage })).toHaveAttribute('href', '/plugins/1/manage');
  });

  it('others get no Manage link', async () => {
    signInAs(testMember);
    serve();
    open();
    expect(await screen.findByRole('button', { name: D.detail.install })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: D.detail.manage })).not.toBeInTheDocument();
  });

  it('shows the admin box to administrators', async () => {
    signInAs(testMember, ['administrator']);
    serve();
    open();
    expect(await screen.findByText(D.admin.title)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: D.admin.skipBuild })).toHaveAttribute('aria-checked', 'false');
  });

  it('lets administrators feature the plugin on the home page', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = serve([], (path, init) =>
      path === '/api/admin/plugins/1/featured' && init.method === 'PATCH'
        ? json(200, JSON.parse(String(init.body)) as object)
        : null,
    );
    const user = userEvent.setup();
    open();
    const featured = await screen.findByRole('switch', { name: D.admin.featured });
    expect(featured).toHaveAttribute('aria-checked', 'false');
    await user.click(featured);
    await waitFor(() => expect(featured).toHaveAttribute('aria-checked', 'true'));
    const call = fetch.mock.calls.find(([u]) => String(u).endsWith('/admin/plugins/1/featured'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ isFeatured: true });
  });
});

describe('plugin comments', () => {
  it('validates with the core messages and posts; its own live event does not duplicate it', async () => {
    signInAs();
    const posted = makeComment({
      id: 42,
      body: 'Great work here',
      member: { id: testMember.id, displayName: 'Me', avatarUrl: null },
    });
    serve([], (path, init) =>
      path === '/api/plugins/1/comments' && init.method === 'POST' ? json(201, posted) : null,
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: /Comments/ }));
    const box = screen.getByLabelText(D.comments.label);
    await user.type(box, 'abc');
    await user.click(screen.getByRole('button', { name: D.comments.post }));
    expect(screen.getByText(COMMENT_MESSAGES.tooShort)).toBeInTheDocument();
    expect(screen.getByText('3/500')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Great work here');
    await user.click(screen.getByRole('button', { name: D.comments.post }));
    expect(await screen.findByText('Great work here')).toBeInTheDocument();
    act(() => realtime.deliver(COMMENT_EVENTS.created, posted));
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.getAllByText('Great work here')).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it('applies live events once each: created, voted, updated, deleted', async () => {
    serve([makeComment({ id: 1, body: 'First one' })]);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: /Comments/ }));
    expect(await screen.findByText('First one')).toBeInTheDocument();
    const other = makeComment({ id: 2, body: 'Second one' });
    act(() => realtime.deliver(COMMENT_EVENTS.created, other));
    act(() => realtime.deliver(COMMENT_EVENTS.created, other));
    expect(await screen.findAllByText('Second one')).toHaveLength(1);
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.getAllByTestId('comment')[0]).toHaveTextContent('Second one');
    act(() => realtime.deliver(COMMENT_EVENTS.voted, { id: 2, pluginId: 1, upvotes: 3, downvotes: 1 }));
    expect(await screen.findByRole('button', { name: 'Upvote 3' })).toBeInTheDocument();
    act(() => realtime.deliver(COMMENT_EVENTS.updated, { ...other, body: 'Second, edited' }));
    expect(await screen.findByText('Second, edited')).toBeInTheDocument();
    act(() => realtime.deliver(COMMENT_EVENTS.deleted, { id: 2, pluginId: 1 }));
    await waitFor(() => expect(screen.queryByText('Second, edited')).not.toBeInTheDocument());
    // Another plugin's events are not ours.
    act(() => realtime.deliver(COMMENT_EVENTS.created, makeComment({ id: 9, pluginId: 2, body: 'Elsewhere' })));
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });
});

describe('plugin comments: paging', () => {
  it('past a full page (500), Load more comments fetches the older page; live events land in it too', async () => {
    expect(commentsPaging.size).toBe(COMMENTS_PAGE_SIZE);
    // Pages of 5 here (the site asks for 500): 8 comments, id 8 newest, come as 5 then 3.
    commentsPaging.size = 5;
    onTestFinished(() => {
      commentsPaging.size = COMMENTS_PAGE_SIZE;
    });
    const start = Date.parse('2026-01-01T00:00:00Z');
    const all = Array.from({ length: 8 }, (_, i) =>
      makeComment({
        id: 8 - i,
        body: `Comment number ${8 - i}`,
        createdAt: new Date(start - i * 60_000).toISOString(),
      }),
    );
    const fetch = mockFetch((url) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/plugins/1/comments') {
        const before = Number(u.searchParams.get('before') ?? 0);
        const limit = Number(u.searchParams.get('limit'));
        const from = before ? all.findIndex((c) => c.id === before) + 1 : 0;
        return json(200, all.slice(from, from + limit));
      }
      if (u.pathname === '/api/plugins/1') return json(200, makePluginDetail());
      if (u.pathname === '/api/plugins/1/rating')
        return json(200, { averageRating: 4.25, ratingCount: 8, myStars: null });
      if (u.pathname === '/api/plugins/1/view') return json(200, { viewCount: 1, counted: false });
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    const { queryClient } = open();
    await user.click(await screen.findByRole('tab', { name: 'Comments (5+)' }));
    expect(await screen.findAllByTestId('comment')).toHaveLength(5);
    expect(screen.queryByText('Comment number 3')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: D.comments.loadMore }));
    expect(await screen.findByText('Comment number 3')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(8);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('before=4') && String(u).includes('limit=5'))).toBe(true);
    // The last page was short: no more button, the count is exact, focus is on the first added comment.
    expect(screen.queryByRole('button', { name: D.comments.loadMore })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Comments (8)' })).toBeInTheDocument();
    // A refetch renews the newest page and keeps the older one.
    const firstPages = () => fetch.mock.calls.filter(([u]) => String(u).includes('/plugins/1/comments?limit=5')).length;
    const fetched = firstPages();
    await act(() => queryClient.invalidateQueries({ queryKey: pluginKeys.comments(1) }));
    await waitFor(() => expect(firstPages()).toBe(fetched + 1));
    expect(screen.getAllByTestId('comment')).toHaveLength(8);
    await waitFor(() => expect(screen.getByText('Comment number 3').closest('article')).toHaveFocus());
    // Live events reach comments of the older page.
    act(() => realtime.deliver(COMMENT_EVENTS.updated, { ...all[6]!, body: 'Comment two, edited' }));
    expect(await screen.findByText('Comment two, edited')).toBeInTheDocument();
    act(() => realtime.deliver(COMMENT_EVENTS.voted, { id: 1, pluginId: 1, upvotes: 4, downvotes: 0 }));
    expect(await screen.findByRole('button', { name: 'Upvote 4' })).toBeInTheDocument();
    act(() => realtime.deliver(COMMENT_EVENTS.deleted, { id: 3, pluginId: 1 }));
    await waitFor(() => expect(screen.queryByText('Comment number 3')).not.toBeInTheDocument());
    act(() => realtime.deliver(COMMENT_EVENTS.created, makeComment({ id: 600, body: 'Brand new one' })));
    expect(await screen.findByText('Brand new one')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')[0]).toHaveTextContent('Brand new one');
  });
});

describe('plugin comments: own comments and visitors', () => {
  it('own comments: edit blocked after 15 minutes with the title; delete asks first', async () => {
    signInAs();
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    const me = { id: testMember.id, displayName: 'Me', avatarUrl: null };
    const fetch = serve(
      [
        makeComment({ id: 5, body: 'Old comment', createdAt: old, updatedAt: old, member: me }),
        makeComment({ id: 6, body: 'Fresh comment', member: me }),
      ],
      (path, init) =>
        path.startsWith('/api/plugins/comments/') && init.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : null,
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: /Comments/ }));
    const [fresh, stale] = await screen.findAllByTestId('comment');
    expect(within(stale!).getByRole('button', { name: D.comments.edit })).toBeDisabled();
    expect(within(stale!).getByRole('button', { name: D.comments.edit })).toHaveAttribute(
      'title',
      COMMENT_MESSAGES.editBlocked,
    );
    expect(within(fresh!).getByRole('button', { name: D.comments.edit })).toBeEnabled();
    expect(within(fresh!).getByText(D.comments.isNew)).toBeInTheDocument();
    expect(within(stale!).queryByText(D.comments.isNew)).not.toBeInTheDocument();
    // The site's own confirm: Cancel keeps the comment and puts focus back on Delete.
    const del = within(stale!).getByRole('button', { name: D.comments.delete });
    await user.click(del);
    const ask = await screen.findByRole('alertdialog', { name: COMMENT_MESSAGES.deleteConfirm });
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(del).toHaveFocus();
    expect(screen.getByText('Old comment')).toBeInTheDocument();
    await user.click(del);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: D.comments.delete }));
    await waitFor(() => expect(screen.queryByText('Old comment')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/plugins/comments/5') && i?.method === 'DELETE')).toBe(
      true,
    );
  });

  it('anonymous typing opens the join modal after 2 seconds', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('tab', { name: /Comments/ }));
    await user.type(screen.getByLabelText(D.comments.label), 'hi');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('dialog', { name: 'Rate and Review Plugins' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
