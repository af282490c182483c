import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PluginVersion } from '@bm/core';
import { json, mockFetch, renderRoutes } from '../../../test/utils';
import D from '../../../locales/en/pluginDetail';
import { VersionsTable } from './versions-table';

const zipHash = 'a'.repeat(64);
const dllHash = 'b'.repeat(64);
const version: PluginVersion = {
  id: 5,
  submissionId: 5,
  versionString: '1.2',
  submittedAt: '2026-01-01T00:00:00Z',
  approvedAt: '2026-01-02T00:00:00Z',
  publishedAt: '2026-01-02T00:00:00Z',
  changelogHtml: '',
  binaryDownloadUrl: '/dl/5',
  sha256: zipHash,
  files: [{ path: 'plugins/Rocket.dll', size: 2048, sha256: dllHash }],
  provenance: null,
  gameVersionIds: [],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Versions tab', () => {
  it('shows the SHA-256 of each ZIP and of the files in it, each copied with the keyboard', async () => {
    mockFetch((url) =>
      new URL(url, 'http://localhost').pathname === '/api/plugins/1/versions'
        ? json(200, [version])
        : json(404, { message: 'Not found' }),
    );
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes([{ path: '/', element: <VersionsTable pluginId={1} /> }], { path: '/' });

    expect(await screen.findByText(zipHash)).toBeInTheDocument();
    expect(screen.getByText(D.versions.sha256)).toBeInTheDocument();
    const copyZip = screen.getByRole('button', { name: 'Copy the SHA-256 of the ZIP of version 1.2' });
    copyZip.focus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith(zipHash);
    expect(await screen.findByRole('button', { name: D.versions.hashCopied })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(D.versions.hashCopiedAnnouncement);

    // The files are folded under their count (a native <details>); opened, each has its own hash.
    await user.click(screen.getByText('Files in the ZIP (1)'));
    const item = screen.getByText('plugins/Rocket.dll').closest('li')!;
    expect(within(item).getByText(dllHash)).toBeVisible();
    expect(within(item).getByText('(2 KB)')).toBeInTheDocument();
    within(item).getByRole('button', { name: 'Copy the SHA-256 of plugins/Rocket.dll' }).focus();
    await user.keyboard(' ');
    expect(writeText).toHaveBeenLastCalledWith(dllHash);
  });

  it('says where each binary came from: built from source by the builder (with its signed provenance) or uploaded by a moderator', async () => {
    const built: PluginVersion = {
      ...version,
      submissionId: 6,
      versionString: '1.3',
      provenance: { builderId: 'https://github.com/example/builds', keyId: 'ci' },
    };
    mockFetch((url) =>
      new URL(url, 'http://localhost').pathname === '/api/plugins/1/versions'
        ? json(200, [built, version])
        : json(404, { message: 'Not found' }),
    );
    renderRoutes([{ path: '/', element: <VersionsTable pluginId={1} /> }], { path: '/' });
    const origins = await screen.findAllByTestId('version-origin');
    expect(origins.map((o) => o.textContent)).toEqual([
      `${'Built from source by https://github.com/example/builds, signature verified'}${D.versions.provenanceLink}`,
      D.versions.uploadedByModerator,
    ]);
    const link = within(origins[0]!).getByRole('link', { name: 'Signed provenance of version 1.3 (JSON)' });
    expect(link).toHaveAttribute('href', '/api/plugins/1/versions/6/provenance');
    expect(within(origins[1]!).queryByRole('link')).toBeNull();
  });

  it('shows each version changelog, newest first, and nothing for a version without one', async () => {
    const older: PluginVersion = {
      ...version,
      id: 4,
      submissionId: 4,
      versionString: '1.1',
      publishedAt: '2026-01-01T00:00:00Z',
      changelogHtml: '<p>Older <strong>notes</strong></p>',
    };
    const newer: PluginVersion = { ...version, changelogHtml: '<ul><li>Faster boost</li></ul>' };
    const bare: PluginVersion = { ...version, id: 6, submissionId: 6, versionString: '1.3' };
    mockFetch((url) =>
      new URL(url, 'http://localhost').pathname === '/api/plugins/1/versions'
        ? json(200, [bare, newer, older])
        : json(404, { message: 'Not found' }),
    );
    renderRoutes([{ path: '/', element: <VersionsTable pluginId={1} /> }], { path: '/' });
    const newest = await screen.findByRole('region', { name: 'Changelog of version 1.2' });
    expect(within(newest).getByRole('listitem')).toHaveTextContent('Faster boost');
    const old = screen.getByRole('region', { name: 'Changelog of version 1.1' });
    expect(within(old).getByText('notes').tagName).toBe('STRONG');
    expect(screen.queryByRole('region', { name: 'Changelog of version 1.3' })).toBeNull();
    expect(
      screen.getAllByRole('region', { name: /^Changelog of version/ }).map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Changelog of version 1.2', 'Changelog of version 1.1']);
  });
});
