import { CAR_STATUS_LABELS, compactNumber, type ModerationCarItem, type ReportedPluginItem } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoutes, signInAs, signOut } from '../../test/utils';
import { ModeratorCarsPage } from './cars-page';
import EN from '../../locales/en/moderation';
import { ReportedPluginsPage } from './reported-page';
import { makeReported as reported } from './test-fixtures';

function car(over: Partial<ModerationCarItem> = {}): ModerationCarItem {
  return {
    id: 12,
    name: 'Octane Neon',
    owner: 'FlipReset',
    memberId: 6,
    status: 'A',
    isPublic: true,
    hidden: false,
    views: 12345,
    codeCopies: 40,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...over,
  };
}

const posts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([u]) => new URL(String(u), 'http://localhost').pathname);

beforeEach(() => signInAs(undefined, ['moderator']));
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('reported plugins', () => {
  function serve(items: ReportedPluginItem[]) {
    return mockFetch((url, init) => {
      if (init.method === 'POST') return new Response(null, { status: 204 });
      if (new URL(url, 'http://localhost').pathname === '/api/moderation/plugins/reported')
        return json(200, { data: items, page: 1, pageSize: 20, totalCount: items.length });
      return json(404);
    });
  }
  const open = () =>
    renderRoutes([{ path: '/moderator/reported', element: <ReportedPluginsPage /> }], { path: '/moderator/reported' });

  it('shows counts by reason, expands the reports, and dismisses them', async () => {
    const fetch = serve([reported()]);
    open();
    const row = await screen.findByTestId('reported-row');
    expect(row).toHaveTextContent('Sketchy Plugin');
    expect(within(row).getByRole('list', { name: EN.reported.reasons })).toHaveTextContent(
      'Malware or suspicious behaviour (1)',
    );
    const user = userEvent.setup();
    const toggle = within(row).getByRole('button', { name: EN.reported.showReports_other.replace('{count}', '2') });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(row).getByRole('cell', { name: 'Opens a shell' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'AerialAce' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: EN.reported.dismiss }));
    expect(await screen.findByText(EN.reported.dismissed)).toBeInTheDocument();
    expect(posts(fetch)).toEqual(['/api/moderation/reported/5/dismiss']);
  });

  it('hides a plugin only after the confirm dialog, and restores a hidden one', async () => {
    const fetch = serve([reported(), reported({ pluginId: 6, name: 'Gone Plugin', isActive: false })]);
    open();
    const [live, gone] = await screen.findAllByTestId('reported-row');
    const user = userEvent.setup();
    await user.click(within(live!).getByRole('button', { name: EN.reported.hidePlugin }));
    const dialog = screen.getByRole('dialog', { name: EN.reported.confirmHideTitle });
    expect(posts(fetch)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: EN.reported.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(live!).getByRole('button', { name: EN.reported.hidePlugin }));
    await user.click(
      within(screen.getByRole('dialog', { name: EN.reported.confirmHideTitle })).getByRole('button', {
        name: EN.reported.hidePlugin,
      }),
    );
    expect(await screen.findByText(EN.reported.pluginHidden)).toBeInTheDocument();
    await user.click(within(gone!).getByRole('button', { name: EN.reported.restorePlugin }));
    expect(await screen.findByText(EN.reported.pluginRestored)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([
      '/api/moderation/reported/5/hide-plugin',
      '/api/moderation/reported/6/restore-plugin',
    ]);
  });

  it("says 'No reported plugins'", async () => {
    serve([]);
    open();
    expect(await screen.findByText(EN.reported.noPlugins)).toBeInTheDocument();
  });
});

describe('moderator cars', () => {
  it('filters by status, links to the car and hides or restores it', async () => {
    const fetch = mockFetch((url, init) => {
      if (init.method === 'POST') return new Response(null, { status: 204 });
      const status = new URL(url, 'http://localhost').searchParams.get('status');
      const items = status === 'hidden' ? [car({ id: 13, name: 'Hidden Dominus', hidden: true })] : [car()];
      return json(200, { items, page: 1, pageSize: 20, totalCount: 1 });
    });
    renderRoutes([{ path: '/moderator/cars', element: <ModeratorCarsPage /> }], { path: '/moderator/cars' });
    const row = await screen.findByTestId('car-row');
    expect(within(row).getByRole('link', { name: 'Octane Neon' })).toHaveAttribute('href', '/cars/12');
    expect(row).toHaveTextContent('FlipReset');
    expect(row).toHaveTextContent(compactNumber(12345));
    // The status in words, never the raw letter.
    expect(within(row).getByText(CAR_STATUS_LABELS.active)).toBeInTheDocument();
    expect(within(row).queryByText('A')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: EN.cars.hideLabel.replace('{name}', 'Octane Neon') }));
    expect(await screen.findByText(EN.cars.hidden)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: EN.cars.status }), 'hidden');
    const hidden = await screen.findByText('Hidden Dominus');
    await user.click(
      within(hidden.closest('tr')!).getByRole('button', {
        name: EN.cars.restoreLabel.replace('{name}', 'Hidden Dominus'),
      }),
    );
    expect(await screen.findByText(EN.cars.restored)).toBeInTheDocument();
    expect(posts(fetch)).toEqual(['/api/moderation/cars/12/hide', '/api/moderation/cars/13/restore']);
  });
});
