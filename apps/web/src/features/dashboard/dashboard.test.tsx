import type { Car, Plugin } from '@bm/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { makeCar, makePlugin } from '../../test/fixtures';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import T from '../../locales/en/dashboard';
import { DashboardCarsPage, DashboardPage, DashboardPluginsPage } from './pages';
import { readGridSort } from './use-grid-sort';

// The dashboard's fixtures: numbered, by 'octane', updated on a day that follows the id.
function plugin(id: number, over: Partial<Plugin> = {}): Plugin {
  return makePlugin({
    id,
    name: `Plugin ${id}`,
    shortDescription: '',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: `2026-01-${String(10 + id).padStart(2, '0')}T00:00:00Z`,
    ...over,
  });
}

function car(id: number, over: Partial<Car> = {}): Car {
  return makeCar({
    id,
    code: 'x',
    member: { displayName: 'octane', avatarUrl: null } as Car['member'],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-05T00:00:00Z',
    views: 0,
    codeCopies: 0,
    bodyProductId: null,
    ...over,
  });
}

const PLUGINS = [
  plugin(1, { name: 'Published One', publishedOnce: true, downloadCount: 100 }),
  plugin(2, { name: 'Pending One', publishedOnce: true, needsApproval: true, downloadCount: 20 }),
  plugin(3, { name: 'Draft One' }),
  plugin(4, {
    name: 'Hidden Published',
    publishedOnce: true,
    isActive: false,
    isPubliclyVisible: false,
    isListed: false,
    downloadCount: 3,
  }),
];
const CARS = [car(1, { status: 'A' }), car(2, { status: 'I' }), car(3, { status: 'D', name: 'Deleted car' })];

type Route = (method: string, path: string) => Response | Promise<Response> | undefined;
function serve(extra: Route = () => undefined) {
  return mockFetch(async (url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const own = await extra(init.method ?? 'GET', path);
    if (own) return own;
    if (path === '/plugins/my') return json(200, PLUGINS);
    if (path === '/cars/my') return json(200, CARS);
    return json(404, { message: 'Not found' });
  });
}

describe('dashboard', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });

  it('counts by the §4 rules and shows the tabs with counts, the current one marked', async () => {
    serve();
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const stats = await screen.findByTestId('dashboard-stats');
    await waitFor(() => expect(within(stats).getByText(T.overview.totalPlugins).nextSibling).toHaveTextContent('4'));
    expect(within(stats).getByText(T.overview.published).nextSibling).toHaveTextContent('2');
    // Total Cars is every own car (A, I and D here), the number the My Cars tab shows too.
    expect(within(stats).getByText(T.overview.totalCars).nextSibling).toHaveTextContent('3');
    expect(within(stats).getByText(T.overview.downloads).nextSibling).toHaveTextContent('123');
    const nav = screen.getByRole('navigation', { name: T.tabs.nav });
    expect(within(nav).getByRole('link', { name: T.tabs.overview })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My Plugins (4)' })).toHaveAttribute('href', '/dashboard/plugins');
    expect(within(nav).getByRole('link', { name: 'My Cars (3)' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: T.tabs.settings })).toHaveAttribute('href', '/account/settings');
    expect(screen.getByRole('link', { name: T.overview.viewAllPlugins_other.replace('{count}', '4') })).toHaveAttribute(
      'href',
      '/dashboard/plugins',
    );
  });

  it('badges each plugin Pending, Published or Draft with its listed and visible flags', async () => {
    serve();
    renderPage(<DashboardPluginsPage />, { path: '/dashboard/plugins' });
    const card = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;
    expect(within(await card('Published One')).getByText('Published')).toBeInTheDocument();
    expect(within(await card('Pending One')).getByText('Pending')).toBeInTheDocument();
    expect(within(await card('Draft One')).getByText('Draft')).toBeInTheDocument();
    const hidden = await card('Hidden Published');
    expect(within(hidden).getByText(T.badge.unlisted)).toBeInTheDocument();
    expect(within(hidden).getByText(T.badge.hidden)).toBeInTheDocument();
    expect(within(hidden).getByRole('link', { name: 'Manage Hidden Published' })).toHaveAttribute(
      'href',
      '/plugins/4/manage',
    );
  });

  it("pins optimistically, moves the card first, and reverts with 'Failed to update pin'", async () => {
    let answer!: (r: Response) => void;
    serve((method, path) =>
      method === 'POST' && path === '/cars/2/pin' ? new Promise<Response>((r) => (answer = r)) : undefined,
    );
    renderPage(<DashboardCarsPage />, { path: '/dashboard/cars?sort=name&dir=asc' });
    const user = userEvent.setup();
    const names = () =>
      screen.getAllByTestId('dashboard-card').map((li) => within(li).getAllByRole('link')[0]!.textContent);
    await screen.findByRole('link', { name: 'Car 2' });
    expect(names()).toEqual(['Car 1', 'Car 2', 'Deleted car']);
    await user.click(screen.getByRole('button', { name: 'Pin Car 2' }));
    expect(names()).toEqual(['Car 2', 'Car 1', 'Deleted car']);
    expect(screen.getByRole('button', { name: 'Unpin Car 2' })).toHaveAttribute('aria-pressed', 'true');
    answer(json(500, { message: 'boom' }));
    expect(await screen.findByText('Failed to update pin')).toBeInTheDocument();
    expect(names()).toEqual(['Car 1', 'Car 2', 'Deleted car']);
  });

  it('reads the sort from the query string, defaulting to the latest updated first', () => {
    expect(readGridSort(new URLSearchParams(''), 'downloads')).toEqual({ key: 'updated', dir: 'desc' });
    expect(readGridSort(new URLSearchParams('sort=downloads&dir=asc'), 'downloads')).toEqual({
      key: 'count',
      dir: 'asc',
    });
    expect(readGridSort(new URLSearchParams('sort=copies'), 'copies')).toEqual({ key: 'count', dir: 'desc' });
    expect(readGridSort(new URLSearchParams('sort=name'), 'copies')).toEqual({ key: 'name', dir: 'asc' });
    expect(readGridSort(new URLSearchParams('sort=downloads&dir=up'), 'copies')).toEqual({
      key: 'updated',
      dir: 'desc',
    });
  });

  it('offers what to do next when there is nothing yet, and Retry after a failure', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url.includes('/plugins/my')) return fail ? json(500, { message: 'x' }) : json(200, []);
      return json(200, []);
    });
    renderPage(<DashboardPluginsPage />, { path: '/dashboard/plugins' });
    const user = userEvent.setup();
    expect(await screen.findByText(T.grid.pluginsFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: T.grid.retry }));
    expect(await screen.findByRole('link', { name: T.grid.createFirstPlugin })).toHaveAttribute('href', '/plugins/new');
  });

  it("speaks the reader's language: the French overview, tabs, cards and delete dialog", async () => {
    await changeLocale('fr');
    serve();
    const { unmount } = renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    const stats = await screen.findByTestId('dashboard-stats');
    await waitFor(() => expect(within(stats).getByText('Plugins au total').nextSibling).toHaveTextContent('4'));
    const nav = screen.getByRole('navigation', { name: 'Sections du tableau de bord' });
    expect(within(nav).getByRole('link', { name: 'Mes plugins (4)' })).toHaveAttribute('href', '/dashboard/plugins');
    const all = screen.getByRole('link', { name: 'Tout voir (4 plugins)' });
    expect(all).toHaveTextContent('Tout voir (4)');
    unmount();

    renderPage(<DashboardPluginsPage />, { path: '/dashboard/plugins' });
    const card = (await screen.findByRole('link', { name: 'Pending One' })).closest('li')!;
    expect(within(card).getByText('En attente')).toBeInTheDocument();
    expect(within(card).getByText('20 téléchargements')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Supprimer Pending One' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le plugin ?' });
    expect(
      within(dialog).getByText(
        '« Pending One » et tout ce qui a été envoyé pour lui seront supprimés. Cette action est irréversible.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
