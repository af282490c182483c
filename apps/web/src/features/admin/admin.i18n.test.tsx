import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GAME_VERSION_MESSAGES } from '@bm/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { AdminHomePage, FeatureSubscribersPage, GameVersionsPage } from './pages';

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('the admin screens in other languages (issue 30)', () => {
  it('game versions speak French: title, columns, the row buttons, core checks and the server answer', async () => {
    signInAs(testMember, ['administrator']);
    await changeLocale('fr');
    mockFetch((url) => {
      if (url === '/api/game-versions')
        return json(200, [
          { id: 2, name: 'v2.51', bakkesmodVersion: '2.0.65', releasedAt: '2026-11-04T16:00:00.000Z', current: true },
          { id: 1, name: 'v2.49', bakkesmodVersion: '2.0.63', releasedAt: '2026-08-26T16:00:00.000Z', current: false },
        ]);
      return json(409, { message: GAME_VERSION_MESSAGES.duplicateName });
    });
    const user = userEvent.setup();
    renderPage(<GameVersionsPage />, { path: '/admin/game-versions' });

    const table = await screen.findByRole('table', { name: 'Versions du jeu' });
    expect(document.title).toContain('Versions du jeu');
    expect(within(table).getByRole('columnheader', { name: 'Version de BakkesMod' })).toBeInTheDocument();
    expect(within(table).getByText('Actuelle')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Rendre actuelle : v2.49' })).toHaveTextContent('Rendre actuelle');

    await user.click(screen.getByRole('button', { name: 'Ajouter la version' }));
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription('Le nom est obligatoire');
    await user.type(screen.getByLabelText('Nom'), 'v2.49');
    await user.type(screen.getByLabelText('Version de BakkesMod'), '2.0.66');
    await user.click(screen.getByRole('button', { name: 'Ajouter la version' }));
    expect(await screen.findByText('Une version du jeu porte déjà ce nom')).toBeInTheDocument();
  });

  it('the admin home speaks German, and a count of subscribers takes its plural in Brazilian Portuguese', async () => {
    signInAs(testMember, ['administrator']);
    await changeLocale('de');
    const home = renderPage(<AdminHomePage />, { path: '/admin' });
    expect(screen.getByRole('link', { name: /Spielversionen/ })).toHaveAttribute('href', '/admin/game-versions');
    home.unmount();

    await changeLocale('pt-BR');
    mockFetch((url) => {
      if (url.startsWith('/api/UpcomingFeatures')) return json(200, [{ key: 'maps', name: 'Maps', isCompleted: true }]);
      return json(200, {
        items: [{ memberId: 1, username: 'octane', subscribedAt: '2026-11-01T10:00:00.000Z' }],
        page: 1,
        pageSize: 25,
        totalCount: 1,
      });
    });
    renderPage(<FeatureSubscribersPage />, { path: '/admin/feature-subscribers?feature=maps' });
    expect(await screen.findByRole('option', { name: 'Maps (concluído)' })).toBeInTheDocument();
    expect(await screen.findByText('1 inscrito')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Escrever aos inscritos' })).toBeInTheDocument();
  });
});
