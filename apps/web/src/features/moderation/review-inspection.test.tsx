import { CAPABILITY_LABELS, type ReviewInspection } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, mockFetch, renderRoutes, signInAs, signOut } from '../../test/utils';
import EN from '../../locales/en/moderation';
import { PluginReviewPage } from './review-page';
import { makeDetail } from './test-fixtures';
import { FakeXhr, installFakeXhr } from '../../test/fake-xhr';

const inspection: ReviewInspection = {
  dlls: [
    {
      path: 'plugins/Aerial.dll',
      machine: 'x64',
      signed: false,
      imports: [{ dll: 'KERNEL32.dll', functions: ['WinExec', 'CreateRemoteThread'], delayed: false }],
      exports: ['run'],
      sections: [{ name: '.text', virtualSize: 100, rawSize: 512, entropy: 5.81, executable: true, writable: false }],
      urls: ['https://api.example.com/x'],
      hosts: ['api.example.com'],
      capabilities: [],
    },
  ],
  capabilities: [
    { id: 'network', evidence: ['urlmon.dll!URLDownloadToFileA'] },
    { id: 'launch', evidence: ['KERNEL32.dll!WinExec'] },
    { id: 'processMemory', evidence: ['KERNEL32.dll!CreateRemoteThread'] },
  ],
  hosts: ['api.example.com', 'cdn.example.net'],
  changes: { added: ['launch'], removed: ['registry'], newHosts: ['cdn.example.net'] },
  comparedWith: { submissionId: 30, version: '0.9.0' },
  flags: [
    { kind: 'risky', value: 'launch' },
    { kind: 'newCapability', value: 'launch' },
  ],
};

beforeEach(() => {
  signInAs(undefined, ['moderator']);
  installFakeXhr();
  FakeXhr.autoAnswer = { status: 204 };
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

function open() {
  mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    if ((init.method ?? 'GET') === 'GET' && path === '/moderation/plugins/31')
      return json(200, makeDetail({ hasBinary: true, inspection }));
    return json(404, { message: 'Not found' });
  });
  return renderRoutes(
    [
      { path: '/moderator/pending/:id', element: <PluginReviewPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: '/moderator/pending/31' },
  );
}

describe('plugin review page: inside the binary', () => {
  it('shows the abilities with what gives each, the hosts, and highlights what is new', async () => {
    open();
    const section = await screen.findByTestId('inspection');
    expect(
      within(section).getByText(EN.inspection.comparedWithVersion.replace('{version}', '0.9.0')),
    ).toBeInTheDocument();
    const abilities = within(section).getByRole('list', { name: EN.inspection.abilities });
    const items = within(abilities).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `${CAPABILITY_LABELS.network}urlmon.dll!URLDownloadToFileA`,
      `${CAPABILITY_LABELS.launch}${EN.inspection.newBadge}KERNEL32.dll!WinExec`,
      `${CAPABILITY_LABELS.processMemory}KERNEL32.dll!CreateRemoteThread`,
    ]);
    expect(items[1]).toHaveAttribute('data-new', 'true');
    expect(
      within(section).getByText(EN.inspection.noLonger.replace('{labels}', CAPABILITY_LABELS.registry)),
    ).toBeInTheDocument();
    const hosts = within(within(section).getByRole('list', { name: EN.inspection.hosts })).getAllByRole('listitem');
    expect(hosts.map((h) => [h.textContent, h.dataset.new ?? null])).toEqual([
      ['api.example.com', null],
      [`cdn.example.net${EN.inspection.newBadge}`, 'true'],
    ]);
    expect(
      within(section).getByText(
        EN.inspection.dllSummary
          .replace('{path}', 'plugins/Aerial.dll')
          .replace('{machine}', 'x64')
          .replace('{signature}', EN.inspection.unsigned),
      ),
    ).toBeInTheDocument();
  });

  it('needs the acknowledgement before approving, then sends it', async () => {
    open();
    const user = userEvent.setup();
    await screen.findByTestId('inspection');
    const box = screen.getByRole('checkbox', { name: EN.inspection.acknowledge });
    expect(box).toHaveAccessibleDescription(
      EN.inspection.acknowledgeHint.replace('{flags}', 'launching programs; new: launching programs'),
    );
    await user.click(screen.getByRole('button', { name: EN.review.approve }));
    expect(screen.getByRole('alert')).toHaveTextContent(EN.inspection.acknowledgeFirst);
    expect(box).toHaveFocus();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.keyboard(' ');
    expect(box).toBeChecked();
    expect(screen.queryByText(EN.inspection.acknowledgeFirst)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EN.review.approve }));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.body.get('acknowledgeFlags')).toBe('true');
    expect(await screen.findByTestId('location')).toHaveTextContent('/moderator/pending');
  });
});
