import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, mockFetch, renderRoutes, signInAs, signOut } from '../../test/utils';
import EN from '../../locales/en/moderation';
import { ModeratorLayout } from './layout';
import { HiddenPluginsPage, PendingPluginsPage } from './submission-list-page';
import { makeItem, makeList } from './test-fixtures';

function open(path: string, layout = <Outlet />) {
  return renderRoutes(
    [
      {
        path: '/moderator',
        element: layout,
        children: [
          { path: 'pending', element: <PendingPluginsPage /> },
          { path: 'hidden', element: <HiddenPluginsPage /> },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { path },
  );
}

/** The query of each list call, in order. */
function listCalls(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.startsWith('/api/moderation/plugins/'));
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('pending and hidden lists', () => {
  it('lists submissions linking to their review, and searches on Enter and with the button', async () => {
    signInAs(undefined, ['moderator']);
    const fetch = mockFetch(() =>
      json(
        200,
        makeList([makeItem(), makeItem({ id: 32, name: 'Boost Meter', submitter: 'BoostQueen', status: 'P' })]),
      ),
    );
    open('/moderator/pending');
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Aerial Trainer' })).toHaveAttribute(
      'href',
      '/moderator/pending/31',
    );
    expect(rows[1]).toHaveTextContent('BoostQueen');
    expect(rows[1]).toHaveTextContent('Pending');
    for (const name of [EN.submissions.plugin, EN.submissions.submitter, EN.submissions.updated])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    // Updated: relative, with the exact time on hover.
    const time = rows[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z');
    expect(time.getAttribute('title')).toBeTruthy();

    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: EN.list.searchLabel });
    await user.type(box, '  aerial {Enter}');
    await vi.waitFor(() => expect(listCalls(fetch).at(-1)!.searchParams.get('search')).toBe('aerial'));
    expect(listCalls(fetch).at(-1)!.pathname).toBe('/api/moderation/plugins/pending');

    await user.clear(box);
    await user.type(box, 'boost');
    await user.click(screen.getByRole('button', { name: EN.list.search }));
    await vi.waitFor(() => expect(listCalls(fetch).at(-1)!.searchParams.get('search')).toBe('boost'));
    expect(listCalls(fetch).at(-1)!.searchParams.get('pageSize')).toBe('20');
  });

  it('pages with Prev and Next', async () => {
    signInAs(undefined, ['moderator']);
    const fetch = mockFetch((url) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return json(200, makeList([makeItem({ id: page, name: `Plugin on page ${page}` })], { page, totalCount: 45 }));
    });
    open('/moderator/pending');
    expect(await screen.findByText('Plugin on page 1')).toBeInTheDocument();
    expect(screen.getByText(EN.list.pageOf.replace('{page}', '1').replace('{pages}', '3'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EN.list.prevLabel })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: EN.list.nextLabel }));
    expect(await screen.findByText('Plugin on page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EN.list.nextLabel }));
    expect(await screen.findByText('Plugin on page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EN.list.nextLabel })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: EN.list.prevLabel }));
    expect(await screen.findByText('Plugin on page 2')).toBeInTheDocument();
    expect(listCalls(fetch).map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3', '2']);
  });

  it("says 'No pending plugins', and 'No hidden plugins' with links to Pending and Reported", async () => {
    signInAs(undefined, ['moderator']);
    mockFetch(() => json(200, makeList([])));
    const { unmount } = open('/moderator/pending');
    expect(await screen.findByText(EN.submissions.noPending)).toBeInTheDocument();
    unmount();
    open('/moderator/hidden');
    expect(await screen.findByText(EN.submissions.noHidden)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EN.submissions.goPending })).toHaveAttribute('href', '/moderator/pending');
    expect(screen.getByRole('link', { name: EN.submissions.goReported })).toHaveAttribute(
      'href',
      '/moderator/reported',
    );
  });

  it("shows the server's message when loading fails, else 'Failed to load pending plugins'", async () => {
    signInAs(undefined, ['moderator']);
    mockFetch(() => json(500, { message: 'Database is down' }));
    const { unmount } = open('/moderator/pending');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is down');
    unmount();
    mockFetch(() => json(502));
    open('/moderator/pending');
    expect(await screen.findByRole('alert')).toHaveTextContent(EN.submissions.failed);
  });

  it('shows members without a staff role a note instead of the area', async () => {
    signInAs(undefined, []);
    const fetch = mockFetch(() => json(200, makeList([])));
    open('/moderator/pending', <ModeratorLayout />);
    expect(screen.getByText(EN.area.needsRole)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: EN.area.nav })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows moderators the sidebar and the screen', async () => {
    signInAs(undefined, ['Moderator']);
    mockFetch(() => json(200, makeList([makeItem()])));
    open('/moderator/pending', <ModeratorLayout />);
    const nav = screen.getByRole('navigation', { name: EN.area.nav });
    expect(within(nav).getByRole('link', { name: 'Pending Plugins' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByTestId('submission-row')).toHaveLength(1);
    expect(screen.queryByText(EN.area.needsRole)).not.toBeInTheDocument();
  });
});
