import type { ReviewInspection } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { json, mockFetch, renderRoutes, signInAs, signOut } from '../../test/utils';
import { ReportedPluginsPage } from './reported-page';
import { PluginReviewPage } from './review-page';
import { makeDetail, makeReported } from './test-fixtures';

const inspection: ReviewInspection = {
  dlls: [
    {
      path: 'plugins/Aerial.dll',
      machine: 'x64',
      signed: false,
      imports: [],
      exports: [],
      sections: [{ name: '.text', virtualSize: 100, rawSize: 512, entropy: 5.81, executable: true, writable: false }],
      urls: [],
      hosts: [],
      capabilities: [],
    },
  ],
  capabilities: [{ id: 'launch', evidence: ['KERNEL32.dll!WinExec'] }],
  hosts: [],
  changes: { added: ['launch'], removed: [], newHosts: [] },
  comparedWith: { submissionId: 30, version: '0.9.0' },
  flags: [
    { kind: 'risky', value: 'launch' },
    { kind: 'newCapability', value: 'launch' },
  ],
};

const reported = makeReported();

beforeEach(() => signInAs(undefined, ['moderator']));
afterEach(async () => {
  signOut();
  await changeLocale('en');
});

describe('moderation in another language (issue 30)', () => {
  it('reviews in French: title, details, status, inspection, acknowledgement and the core deny-note check', async () => {
    await changeLocale('fr');
    mockFetch((url) =>
      new URL(url, 'http://localhost').pathname === '/api/moderation/plugins/31'
        ? json(200, makeDetail({ hasBinary: true, inspection }))
        : json(404, { message: 'Not found' }),
    );
    renderRoutes([{ path: '/moderator/pending/:id', element: <PluginReviewPage /> }], {
      path: '/moderator/pending/31',
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Examen : Aerial Trainer' })).toBeInTheDocument();
    expect(document.title).toContain('Examen : Aerial Trainer');
    expect(screen.getByRole('rowheader', { name: 'Statut' }).closest('tr')).toHaveTextContent('En attente');
    const section = screen.getByTestId('inspection');
    expect(within(section).getByText('Comparé à la dernière version validée (0.9.0).')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: "Ce qu'il peut faire" })).toHaveTextContent(
      'lancement de programmesNouveau',
    );
    expect(within(section).getByRole('cell', { name: '5,81' })).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: "J'ai regardé ce que ce binaire peut faire et je le valide quand même" }),
    ).toHaveAccessibleDescription('À reconnaître : lancement de programmes; nouveau : lancement de programmes.');

    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    expect(screen.getByLabelText('Note de refus (motif)')).toHaveAccessibleDescription(
      'Saisissez une note de refus (motif)',
    );
  });

  it('lists reported plugins in German: reasons by their words, counts and the plural of reports', async () => {
    await changeLocale('de');
    mockFetch((url) =>
      new URL(url, 'http://localhost').pathname === '/api/moderation/plugins/reported'
        ? json(200, { data: [reported], page: 1, pageSize: 20, totalCount: 1 })
        : json(404),
    );
    renderRoutes([{ path: '/moderator/reported', element: <ReportedPluginsPage /> }], { path: '/moderator/reported' });

    const row = await screen.findByTestId('reported-row');
    expect(screen.getByRole('heading', { name: 'Gemeldete Plugins' })).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Gründe' })).toHaveTextContent(
      'Malware oder verdächtiges Verhalten (1)Spam oder irreführend (1)',
    );
    expect(row).toHaveTextContent('Meldungen: 2');
    await userEvent.setup().click(within(row).getByRole('button', { name: '2 Meldungen anzeigen' }));
    expect(within(row).getByRole('columnheader', { name: 'Gemeldet von' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Meldungen verwerfen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Gemeldete Inhalte' })).toHaveTextContent('PluginsAutosKommentare');
  });
});
