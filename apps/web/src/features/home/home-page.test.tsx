import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plugin } from '@bm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import T from '../../locales/en/home';
import { makePlugin as makeBasePlugin } from '../../test/fixtures';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { HomePage } from './home-page';

/** A listed plugin as GET /plugins answers it. */
const makePlugin = (over: Partial<Plugin> & { id: number; name: string }): Plugin =>
  makeBasePlugin({
    shortDescription: 'A plugin',
    versionString: '1.0',
    averageRating: 4.5,
    ratingCount: 2,
    downloadCount: 1200,
    viewCount: 3400,
    publishedOnce: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    member: { id: 3, displayName: 'RocketRyan', avatarUrl: null },
    author: 'RocketRyan',
    ...over,
  });

const recent = Array.from({ length: 6 }, (_, i) => makePlugin({ id: 100 + i, name: `Recent ${i + 1}` }));
const featured = Array.from({ length: 4 }, (_, i) => makePlugin({ id: 200 + i, name: `Featured ${i + 1}` }));

/** The two home calls; `fail` makes them answer 500 until it is turned off. */
function serve(state: { fail: boolean; hold?: Promise<void> } = { fail: false }) {
  return mockFetch(async (url) => {
    const u = new URL(url, 'http://localhost');
    if (state.hold) await state.hold;
    if (state.fail) return json(500, { message: 'boom' });
    if (u.pathname === '/api/plugins/featured') return json(200, { items: featured });
    if (u.pathname === '/api/plugins')
      return json(200, { items: recent, page: 1, pageSize: 6, totalCount: 6, totalPages: 1 });
    return json(404, { message: 'Not found' });
  });
}

afterEach(async () => {
  await changeLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

describe('home page', () => {
  it('shows skeletons and a screen-reader loading text, then the featured strip and the 6 newest plugins', async () => {
    let release!: () => void;
    const fetch = serve({ fail: false, hold: new Promise<void>((r) => (release = r)) });
    renderPage(<HomePage />);
    expect(screen.getByRole('status')).toHaveTextContent(T.loading);
    expect(screen.getAllByTestId('home-skeleton')).toHaveLength(10);
    expect(document.title).toBe('BakkesMod Community');
    release();

    const recentList = await screen.findByRole('list', { name: T.recentTitle });
    // Each card links the plugin and, beside it, its author's profile.
    const recentHrefs = within(recentList)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(recentHrefs.filter((h) => h?.startsWith('/plugin/'))).toEqual(recent.map((p) => `/plugin/${p.id}`));
    expect(recentHrefs.filter((h) => h?.startsWith('/members/'))).toHaveLength(recent.length);
    const featuredList = screen.getByRole('list', { name: T.featuredTitle });
    expect(
      within(featuredList)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('/plugin/')),
    ).toHaveLength(4);
    expect(screen.getByRole('heading', { name: T.featuredTitle })).toBeInTheDocument();
    expect(screen.queryByTestId('home-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all plugins' })).toHaveAttribute('href', '/plugins');

    const listCall = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/api/plugins')!;
    expect(Object.fromEntries(listCall.searchParams)).toEqual({
      page: '1',
      pageSize: '6',
      sortBy: 'release',
      sortDir: 'desc',
    });
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/api/plugins/featured'))).toBe(true);

    // Static parts: install banner and category tiles.
    expect(screen.getByRole('link', { name: /Get BakkesMod/ })).toHaveAttribute('href', 'https://bakkesmod.com/');
    for (const to of ['/plugins', '/maps', '/tools', '/community']) {
      expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === to)).toBe(true);
    }
  });

  it('shows the error with a Retry that loads the data again', async () => {
    const state = { fail: true };
    serve(state);
    const user = userEvent.setup();
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.error);
    state.fail = false;
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('list', { name: T.recentTitle })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers guests to join and members their dashboard', async () => {
    serve();
    const { unmount } = renderPage(<HomePage />);
    expect(screen.getByRole('link', { name: T.joinCommunity })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: T.myDashboard })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.browsePlugins })).toHaveAttribute('href', '/plugins');
    unmount();

    signInAs();
    renderPage(<HomePage />);
    expect(screen.getByRole('link', { name: T.myDashboard })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: T.joinCommunity })).not.toBeInTheDocument();
  });

  it('searches plugins from the hero with the trimmed text, and not with an empty one', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(<HomePage />);
    const box = screen.getByRole('searchbox', { name: T.searchLabel });
    await user.type(box, '   {Enter}');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  boost meter & more {Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/plugins?search=boost+meter+%26+more'),
    );
  });

  it("speaks the reader's language (French)", async () => {
    serve();
    await changeLocale('fr');
    renderPage(<HomePage />);
    expect(
      screen.getByRole('heading', { name: 'Plugins et designs de voitures pour Rocket League' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des plugins' })).toBeInTheDocument();
    expect(screen.getByText('Outils')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Plugins récents' })).toBeInTheDocument();
  });
});
