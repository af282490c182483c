import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GameVersion } from '@bm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import type { RebuildProgress } from './api';
import { adminT } from './admin-text';
import { GameVersionsPage } from './pages';

const t = adminT();
const counts = (p: { total: number; queued: number; building: number; passed: number; failed: number }) =>
  t('gameVersions.rebuildCounts', { ...p, done: p.passed + p.failed });
const versions: GameVersion[] = [
  { id: 2, name: 'v2.51', bakkesmodVersion: '2.0.65', releasedAt: '2026-11-04T16:00:00.000Z', current: true },
];
const running: RebuildProgress = {
  total: 2,
  queued: 1,
  building: 1,
  passed: 0,
  failed: 0,
  items: [
    { pluginId: 1, pluginName: 'Alpha', status: 'building', logUrl: null },
    { pluginId: 2, pluginName: 'Beta', status: 'queued', logUrl: null },
  ],
};
const done: RebuildProgress = {
  total: 2,
  queued: 0,
  building: 0,
  passed: 1,
  failed: 1,
  items: [
    { pluginId: 1, pluginName: 'Alpha', status: 'passed', logUrl: '/api/files/signed?key=a' },
    { pluginId: 2, pluginName: 'Beta', status: 'failed', logUrl: '/api/files/signed?key=b' },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the rebuild of a game version', () => {
  it('starts from the row and shows the progress, read again until every plugin is done', async () => {
    signInAs(testMember, ['administrator']);
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/game-versions') return json(200, versions);
      if (init?.method === 'POST') return json(202, running);
      // The first read still runs; the next one, 2 s later, finds it done.
      return json(200, calls.filter((c) => c.startsWith('GET /api/admin')).length > 1 ? done : running);
    });
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    await user.click(await screen.findByRole('button', { name: t('gameVersions.rebuildLabel', { name: 'v2.51' }) }));
    const panel = await screen.findByTestId('rebuild-panel');
    expect(
      within(panel).getByRole('heading', { name: t('gameVersions.rebuildTitle', { name: 'v2.51' }) }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(counts(running));
    // Polled every 2 s while anything is queued or building.
    expect(await within(panel).findByText(counts(done), {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: t('gameVersions.logLabel', { plugin: 'Beta' }) })).toHaveAttribute(
      'href',
      '/api/files/signed?key=b',
    );
    expect(calls).toContain('POST /api/admin/game-versions/2/rebuild');
    expect(calls.filter((c) => c === 'GET /api/admin/game-versions/2/rebuild').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's reason when no builder is configured", async () => {
    signInAs(testMember, ['administrator']);
    const reason = 'No builder is configured (BUILD_WEBHOOK_URL): rebuilds need one';
    mockFetch((url) => (url === '/api/game-versions' ? json(200, versions) : json(409, { message: reason })));
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    await user.click(await screen.findByRole('button', { name: t('gameVersions.rebuildLabel', { name: 'v2.51' }) }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByTestId('rebuild-panel')).toBeNull();
  });
});
