import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { json, mockFetch, renderRoutes, signInAs, signOut, testMember } from '../../../test/utils';
import { makePluginDetail, versionsAnswer } from '../list/test-fixtures';
import { PluginDetailPage } from './plugin-detail-page';

function serve() {
  return mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/plugins/1')
      return json(200, makePluginDetail({ abilities: { capabilities: ['network', 'launch'], hosts: ['a.io'] } }));
    if (u.pathname === '/api/plugins/1/comments') return json(200, []);
    if (u.pathname === '/api/plugins/1/versions') return json(200, versionsAnswer());
    if (u.pathname === '/api/plugins/1/view') return json(200, { viewCount: 23001, counted: true });
    if (u.pathname === '/api/plugins/1/rating')
      return json(200, { averageRating: 4.25, ratingCount: 8, myStars: null });
    return json(404, { message: 'Not found' });
  });
}

const open = (path = '/plugin/1') => renderRoutes([{ path: '/plugin/:id', element: <PluginDetailPage /> }], { path });

afterEach(async () => {
  await changeLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  signOut();
});

describe('plugin page in French', () => {
  it("shows the header, boxes, tabs, versions, comments and report form in the reader's language", async () => {
    await changeLocale('fr');
    serve();
    signInAs({ ...testMember, id: 99 });
    const user = userEvent.setup();
    open();
    // Its first render is deferred and the tabs' and dialog's chunks load on first use: a loaded machine takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'Plugin 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Installer avec BakkesMod' })).toBeInTheDocument();
    expect(screen.getByText('téléchargements')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Informations sur le plugin' })).toBeInTheDocument();
    expect(screen.getByTestId('plugin-abilities')).toHaveTextContent(
      "Ce plugin peut : utiliser le réseau (a.io), lancer d'autres programmes.",
    );
    expect(screen.getByRole('tablist', { name: 'Sections du plugin' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    expect(await screen.findByRole('columnheader', { name: 'Publiée le' }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Commentaires (0)' }));
    expect(await screen.findByLabelText('Ajouter un commentaire', {}, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Signaler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signaler ce plugin' }, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Malware ou comportement suspect')).toBeInTheDocument();
    expect(within(dialog).getByText('0/2000')).toBeInTheDocument();
  });

  it('names a missing plugin in the tab title too', async () => {
    await changeLocale('fr');
    serve();
    open('/plugin/404');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plugin introuvable' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Plugin introuvable · BakkesMod Community');
  });
});
