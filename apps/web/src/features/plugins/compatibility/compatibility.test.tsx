import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompatibilityEntry, GameVersion, PluginCompatibilityAnswer } from '@bm/core';
import PLUGINS_EN from '../../../locales/en/plugins';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../../test/utils';
import { FiltersMenu } from '../list/menus';
import { makePluginDetail } from '../list/test-fixtures';
import { readPluginsParams } from '../list/use-plugins-params';
import { CompatibilityBadge } from './compatibility-badge';
import { CompatibilityPanel } from './compatibility-panel';

const T = PLUGINS_EN.compatibility;

const versions: GameVersion[] = [
  { id: 2, name: 'v2.52', bakkesmodVersion: '2.0.60', releasedAt: '2026-11-01T00:00:00Z', current: true },
  { id: 1, name: 'v2.51', bakkesmodVersion: '2.0.59', releasedAt: '2026-10-01T00:00:00Z', current: false },
];
const entry = (over: Partial<CompatibilityEntry> = {}): CompatibilityEntry => ({
  gameVersionId: 2,
  gameVersionName: 'v2.52',
  status: 'unverified',
  works: 0,
  broken: 0,
  declared: false,
  rebuild: null,
  ...over,
});
const answer = (
  current: CompatibilityEntry,
  myReport: { works: boolean } | null = null,
): PluginCompatibilityAnswer => ({
  current,
  versions: [current],
  myReport,
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

describe('CompatibilityBadge', () => {
  it.each([
    ['works', 'Works with v2.52'],
    ['broken', 'Reported broken on v2.52'],
    ['unverified', 'Not yet confirmed for v2.52'],
  ] as const)('says %s with the game version name', async (status, text) => {
    mockFetch((url) => (url.includes('/game-versions') ? json(200, versions) : json(404, {})));
    renderPage(<CompatibilityBadge compatibility={{ gameVersionId: 2, status }} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows nothing while there is no game version, without asking the server', () => {
    const fetch = mockFetch(() => json(404, {}));
    const { container } = renderPage(
      <CompatibilityBadge compatibility={{ gameVersionId: null, status: 'unverified' }} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('CompatibilityPanel', () => {
  const other = { ...testMember, id: 99, username: 'player' };

  it('a member reports works, sees their report, and withdraws it', async () => {
    signInAs(other);
    let state = answer(entry({ works: 2 }));
    const fetch = mockFetch((url, init) => {
      if (url.includes('/compatibility/2') && init.method === 'PUT') {
        state = answer(entry({ works: 3, status: 'works' }), { works: (bodyOf(init) as { works: boolean }).works });
        return json(200, state);
      }
      if (url.includes('/compatibility/2') && init.method === 'DELETE') {
        state = answer(entry({ works: 2 }), null);
        return json(200, state);
      }
      if (url.endsWith('/plugins/1/compatibility')) return json(200, state);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderPage(<CompatibilityPanel plugin={makePluginDetail({ id: 1 })} signedIn isOwner={false} />);
    const panel = await screen.findByTestId('compatibility-panel');
    expect(await within(panel).findByText('2 members report it works, 0 report it broken')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: T.works }));
    expect(await within(panel).findByText('3 members report it works, 0 report it broken')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: T.works })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByText(T.myReportWorks)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put![1]!)).toEqual({ works: true });

    await user.click(within(panel).getByRole('button', { name: T.withdraw }));
    await waitFor(() => expect(within(panel).queryByText(T.myReportWorks)).toBeNull());
    expect(within(panel).getByRole('button', { name: T.works })).toHaveAttribute('aria-pressed', 'false');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('the author and visitors get no report buttons', async () => {
    mockFetch((url) => (url.endsWith('/plugins/1/compatibility') ? json(200, answer(entry())) : json(404, {})));
    const { unmount } = renderPage(
      <CompatibilityPanel plugin={makePluginDetail({ id: 1 })} signedIn={false} isOwner={false} />,
    );
    expect(await screen.findByText(T.signIn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.works })).toBeNull();
    unmount();
    signInAs();
    renderPage(<CompatibilityPanel plugin={makePluginDetail({ id: 1 })} signedIn isOwner />);
    expect(await screen.findByText(T.ownPlugin)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.broken })).toBeNull();
  });
});

describe('the compatible filter', () => {
  it('is read from ?compatible=current and toggled in the Filters panel', async () => {
    expect(readPluginsParams(new URLSearchParams('compatible=current')).compatible).toBe(true);
    expect(readPluginsParams(new URLSearchParams('compatible=yes')).compatible).toBe(false);
    const onCompatible = vi.fn();
    const user = userEvent.setup();
    renderPage(
      <FiltersMenu
        tags={[]}
        selected={[]}
        source="any"
        compatible={false}
        onTags={() => {}}
        onSource={() => {}}
        onCompatible={onCompatible}
        onClear={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('checkbox', { name: T.filterLabel }));
    expect(onCompatible).toHaveBeenCalledWith(true);
  });
});
