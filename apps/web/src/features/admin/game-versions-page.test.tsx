import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GAME_VERSION_MESSAGES, type GameVersion } from '@bm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { ADMIN_EN, adminT } from './admin-text';
import { ADMIN_LINKS, GameVersionsPage } from './pages';

const T = ADMIN_EN.gameVersions;
const t = adminT();

function gameVersionsApi() {
  let versions: GameVersion[] = [
    { id: 2, name: 'v2.51', bakkesmodVersion: '2.0.65', releasedAt: '2026-11-04T16:00:00.000Z', current: true },
    { id: 1, name: 'v2.49', bakkesmodVersion: '2.0.63', releasedAt: '2026-08-26T16:00:00.000Z', current: false },
  ];
  return mockFetch((url, init) => {
    if (url === '/api/game-versions') return json(200, versions);
    const body = bodyOf(init!) as Record<string, unknown>;
    if (url === '/api/admin/game-versions') {
      if (versions.some((v) => v.name === body.name))
        return json(409, { message: GAME_VERSION_MESSAGES.duplicateName });
      const added = {
        id: 3,
        name: String(body.name),
        bakkesmodVersion: String(body.bakkesmodVersion),
        releasedAt: '2026-11-24T00:00:00.000Z',
        current: false,
      };
      versions = [added, ...versions];
      return json(201, added);
    }
    const id = Number(url.split('/').at(-1));
    versions = versions.map((v) =>
      v.id === id
        ? {
            ...v,
            ...(body.name ? { name: String(body.name) } : {}),
            ...(body.bakkesmodVersion ? { bakkesmodVersion: String(body.bakkesmodVersion) } : {}),
            current: body.makeCurrent === true || v.current,
          }
        : body.makeCurrent === true
          ? { ...v, current: false }
          : v,
    );
    return json(
      200,
      versions.find((v) => v.id === id),
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('GameVersionsPage', () => {
  it('is linked from the admin sections', () => {
    expect(ADMIN_LINKS.map((l) => l.to)).toContain('/admin/game-versions');
  });

  it('lists the versions newest first with the current one marked in words', async () => {
    signInAs(testMember, ['administrator']);
    gameVersionsApi();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    const table = await screen.findByRole('table', { name: T.title });
    const rows = within(table).getAllByTestId('game-version-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['v2.51', 'v2.49']);
    expect(within(rowOf('v2.51')).getByText(T.current)).toBeInTheDocument();
    expect(within(rowOf('v2.49')).getByText(T.notCurrent)).toBeInTheDocument();
    expect(
      within(rowOf('v2.51')).queryByRole('button', { name: t('gameVersions.promoteLabel', { name: 'v2.51' }) }),
    ).toBeNull();
  });

  it('checks the form with the shared rules, then adds the version', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = gameVersionsApi();
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(screen.getByLabelText(T.name)).toHaveAccessibleDescription(GAME_VERSION_MESSAGES.nameRequired);
    expect(screen.getByLabelText(T.bakkesmod)).toHaveAccessibleDescription(GAME_VERSION_MESSAGES.bakkesmodRequired);
    expect(fetch.mock.calls.some(([u]) => u === '/api/admin/game-versions')).toBe(false);

    await user.type(screen.getByLabelText(T.name), 'v2.49');
    await user.type(screen.getByLabelText(T.bakkesmod), '2.0.66');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByText(GAME_VERSION_MESSAGES.duplicateName)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(T.name));
    await user.type(screen.getByLabelText(T.name), 'v2.53');
    await user.click(screen.getByLabelText(T.makeCurrent));
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('cell', { name: 'v2.53' })).toBeInTheDocument();
    const post = fetch.mock.calls.filter(([u]) => u === '/api/admin/game-versions').at(-1)!;
    expect(bodyOf(post[1]!)).toEqual({ name: 'v2.53', bakkesmodVersion: '2.0.66', makeCurrent: true });
  });

  it('makes a version current only after the confirm dialog', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = gameVersionsApi();
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: t('gameVersions.promoteLabel', { name: 'v2.49' }) }));
    let dialog = screen.getByRole('alertdialog', { name: t('gameVersions.confirmCurrentTitle', { name: 'v2.49' }) });
    expect(dialog).toHaveTextContent(t('gameVersions.confirmCurrentAfter', { previous: 'v2.51' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([u]) => u === '/api/admin/game-versions/1')).toBe(false);

    await user.click(screen.getByRole('button', { name: t('gameVersions.promoteLabel', { name: 'v2.49' }) }));
    dialog = screen.getByRole('alertdialog', { name: t('gameVersions.confirmCurrentTitle', { name: 'v2.49' }) });
    await user.click(within(dialog).getByRole('button', { name: T.promote }));
    expect(await within(rowOf('v2.49')).findByText(T.current)).toBeInTheDocument();
    expect(within(rowOf('v2.51')).getByText(T.notCurrent)).toBeInTheDocument();
  });

  it('edits the name and the BakkesMod version', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = gameVersionsApi();
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: t('gameVersions.editLabel', { name: 'v2.49' }) }));
    const name = screen.getByLabelText(t('gameVersions.editName', { name: 'v2.49' }));
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'v2.49 (hotfix)');
    await user.clear(screen.getByLabelText(t('gameVersions.editBakkesmod', { name: 'v2.49' })));
    await user.type(screen.getByLabelText(t('gameVersions.editBakkesmod', { name: 'v2.49' })), '2.0.64{Enter}');
    expect(await screen.findByRole('cell', { name: 'v2.49 (hotfix)' })).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([u]) => u === '/api/admin/game-versions/1')!;
    expect(bodyOf(patch[1]!)).toEqual({ name: 'v2.49 (hotfix)', bakkesmodVersion: '2.0.64' });
  });
});
