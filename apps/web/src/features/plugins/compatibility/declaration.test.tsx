import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GameVersion } from '@bm/core';
import PLUGINS_EN from '../../../locales/en/plugins';
import { bodyOf, json, mockFetch } from '../../../test/utils';
import MANAGE_TEXT from '../../../locales/en/pluginManage';
import { makePlugin, makeSubmission } from '../manage/test-fixtures';
import { openManagePage, signedInWithFakeUploads } from '../manage/test-page';
import { FakeXhr, formFields } from '../../../test/fake-xhr';

const T = PLUGINS_EN.compatibility;

const versions: GameVersion[] = [
  { id: 2, name: 'v2.52', bakkesmodVersion: '2.0.60', releasedAt: '2026-11-01T00:00:00Z', current: true },
  { id: 1, name: 'v2.51', bakkesmodVersion: '2.0.59', releasedAt: '2026-10-01T00:00:00Z', current: false },
];

function serve(declared: { submissionId: number; gameVersionIds: number[] } | null) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    if (path === '/plugins/my/5/game-versions' && init.method === 'PUT')
      return json(200, {
        submissionId: 40,
        gameVersionIds: (bodyOf(init) as { gameVersionIds: number[] }).gameVersionIds,
      });
    if (path === '/plugins/my/5/game-versions') return json(200, declared);
    if (path === '/game-versions') return json(200, versions);
    if (path === '/plugins/my/5') return json(200, makePlugin());
    if (path === '/plugins/my/5/submissions' || path === '/plugins/my/5/pdbs') return json(200, []);
    if (path === '/tags') return json(200, []);
    return json(404, { message: 'Not found' });
  });
}

const open = () => openManagePage();

describe('game versions on the manage page', () => {
  signedInWithFakeUploads();

  it('the author changes the declaration of the live version', async () => {
    const fetch = serve({ submissionId: 40, gameVersionIds: [1] });
    const user = userEvent.setup();
    open();
    const section = (await screen.findByRole('heading', { name: T.declareTitle })).closest('section')!;
    const current = await within(section).findByRole('checkbox', { name: /v2\.52/ });
    expect(current).not.toBeChecked();
    expect(within(section).getByRole('checkbox', { name: /v2\.51/ })).toBeChecked();
    await user.click(current);
    await user.click(within(section).getByRole('button', { name: T.declareSave }));
    expect(await within(section).findByText(T.declareSaved)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put![1]!)).toEqual({ gameVersionIds: [1, 2] });
  });

  it('says to publish first without a live version', async () => {
    serve(null);
    open();
    expect(await screen.findByText(T.declareNoLive)).toBeInTheDocument();
  });

  it('the source upload checks the current game version and sends the chosen ones', async () => {
    serve(null);
    FakeXhr.autoAnswer = { status: 201, body: JSON.stringify({ submission: makeSubmission(), plugin: makePlugin() }) };
    const user = userEvent.setup();
    open();
    const group = await screen.findByRole('group', { name: T.uploadLegend });
    expect(await within(group).findByRole('checkbox', { name: /v2\.52/ })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: /v2\.51/ }));
    const zip = new File(['PK'], 'src.zip', { type: 'application/zip' });
    await user.upload(screen.getByLabelText(MANAGE_TEXT.sourceInput), zip);
    await user.click(screen.getByRole('button', { name: MANAGE_TEXT.uploadSource }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [sent] = FakeXhr.sent;
    expect([sent!.url, sent!.body.get('file'), formFields(sent!.body)]).toEqual([
      '/api/plugins/5/files/source',
      zip,
      { gameVersionIds: '2,1' },
    ]);
  });
});
