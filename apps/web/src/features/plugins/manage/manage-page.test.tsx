import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLUGIN_CHANGELOG_MAX, PLUGIN_MESSAGES } from '@bm/core';
import { changeLocale } from '../../../lib/i18n';
import { json, mockFetch, signInAs, signOut } from '../../../test/utils';
import T from '../../../locales/en/pluginManage';
import { ordinal } from './manage-text';
import { makePlugin, makeSubmission } from './test-fixtures';
import { openManagePage, signedInWithFakeUploads } from './test-page';
import { FakeXhr, formFields } from '../../../test/fake-xhr';

/** The uploads the page sent (through XMLHttpRequest, for the progress): address, file and text fields. */
const uploads = () =>
  FakeXhr.sent.map((x) => ({
    path: x.url.replace(/^\/api/, ''),
    file: x.body.get('file'),
    fields: formFields(x.body),
  }));
const uploaded = (body: unknown) => ({ status: 201, body: JSON.stringify(body) });

type Route = (method: string, path: string) => Response | Promise<Response> | undefined;

function serve(extra: Route = () => undefined, plugin = makePlugin()) {
  return mockFetch(async (url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const method = init.method ?? 'GET';
    const own = await extra(method, path);
    if (own) return own;
    if (path === `/plugins/my/${plugin.id}`) return json(200, plugin);
    if (path === `/plugins/my/${plugin.id}/submissions`) return json(200, []);
    if (path === `/plugins/my/${plugin.id}/pdbs`) return json(200, []);
    if (path === '/tags') return json(200, [{ id: 1, shortName: 'training', longName: 'Training', helpText: '' }]);
    return json(404, { message: 'Not found' });
  });
}

const open = openManagePage;

describe('plugin manage page', () => {
  signedInWithFakeUploads();

  it('shows the display status and flags, and a link to the public page', async () => {
    serve(undefined, makePlugin({ needsApproval: true, isListed: false }));
    open();
    const status = await screen.findByRole('group', { name: T.status });
    expect(status).toHaveTextContent('Pending');
    expect(status).toHaveTextContent(T.unlisted);
    expect(status).toHaveTextContent(T.visible);
    expect(screen.getByRole('link', { name: T.viewPublic })).toHaveAttribute('href', '/plugin/5');
  });

  it("says 'Plugin not found' for someone else's plugin", async () => {
    mockFetch(() => json(404, { message: 'Plugin not found' }));
    open(9);
    expect(await screen.findByText(T.notFound)).toBeInTheDocument();
  });

  it("pins optimistically and reverts with 'Failed to update pin'", async () => {
    let answer!: (r: Response) => void;
    serve((method, path) =>
      method === 'POST' && path === '/plugins/5/pin'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: T.pin }));
    expect(screen.getByRole('button', { name: T.unpin })).toBeInTheDocument();
    answer(json(500, { message: 'boom' }));
    expect(await screen.findByText(T.pinFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.pin })).toBeInTheDocument();
  });

  it("asks 'Delete plugin?' before deleting, then goes to the dashboard", async () => {
    const fetch = serve((method, path) =>
      method === 'DELETE' && path === '/plugins/5/delete' ? new Response(null, { status: 204 }) : undefined,
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: T.delete }));
    const dialog = screen.getByRole('dialog', { name: T.deleteTitle });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('sends the version only when it is not blank, and follows the upload progress', async () => {
    serve();
    open();
    const user = userEvent.setup({ applyAccept: false });
    const zip = new File(['PK'], 'src.zip', { type: 'application/zip' });
    await user.upload(await screen.findByLabelText(T.sourceInput), zip);
    await user.type(screen.getByLabelText(T.versionString), '   ');
    await user.click(screen.getByRole('button', { name: T.uploadSource }));

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.progress(40, 100));
    const bar = await screen.findByRole('progressbar', { name: T.sourceProgress });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(uploads()).toEqual([{ path: '/plugins/5/files/source', file: zip, fields: {} }]);
    const { status, body } = uploaded({ submission: makeSubmission(), plugin: makePlugin({ needsApproval: true }) });
    act(() => FakeXhr.last!.answer(status, body));
    expect(await screen.findByText(T.sourceUploaded, { selector: '[role=status]' })).toBeInTheDocument();

    FakeXhr.autoAnswer = uploaded({ submission: makeSubmission(), plugin: makePlugin() });
    await user.upload(screen.getByLabelText(T.sourceInput), zip);
    await user.type(screen.getByLabelText(T.versionString), '  1.2.0 ');
    await user.click(screen.getByRole('button', { name: T.uploadSource }));
    await waitFor(() =>
      expect(uploads().at(-1)).toEqual({
        path: '/plugins/5/files/source',
        file: zip,
        fields: { versionString: '1.2.0' },
      }),
    );
  });

  it('refuses a banner that is not an image before uploading', async () => {
    serve();
    open();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText(T.bannerInput),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(T.bannerType);
    expect(FakeXhr.sent).toEqual([]);
  });

  it('lists submissions with their status names', async () => {
    serve((_method, path) =>
      path === '/plugins/my/5/submissions'
        ? json(200, [
            makeSubmission(),
            makeSubmission({ submissionId: 12, status: 'r', versionString: '0.9', denyReason: 'Crashes on load' }),
          ])
        : undefined,
    );
    open();
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Crashes on load');
  });

  it("shows a pending submission's place in the review queue and a failed build's log", async () => {
    serve((_method, path) =>
      path === '/plugins/my/5/submissions'
        ? json(200, [
            makeSubmission({ queuePosition: 3 }),
            makeSubmission({
              submissionId: 12,
              status: 'r',
              versionString: '0.9',
              denyReason: 'Build failed',
              buildLog: 'error C2065: undeclared identifier',
            }),
            makeSubmission({ submissionId: 13, status: 'b', versionString: '0.8' }),
          ])
        : undefined,
    );
    open();
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('3rd in the review queue');
    expect(rows[1]).toHaveTextContent('Build failed');
    const summary = within(rows[1]!).getByText(T.buildLog);
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('error C2065: undeclared identifier').tagName).toBe('PRE');
    await userEvent.setup().click(summary);
    expect(details.open).toBe(true);
    expect(rows[2]).toHaveTextContent('Building');
    expect(rows[2]).not.toHaveTextContent('review queue');
    expect(within(rows[2]!).queryByText(T.buildLog)).toBeNull();
  });
});

describe('ordinal', () => {
  it('names places in English', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
  });
});

describe('the changelog of a source upload', () => {
  signedInWithFakeUploads();

  it('sends a changelog with the source, counts its characters and refuses one too long before uploading', async () => {
    serve();
    FakeXhr.autoAnswer = uploaded({ submission: makeSubmission(), plugin: makePlugin() });
    open();
    const user = userEvent.setup({ applyAccept: false });
    const zip = new File(['PK'], 'src.zip', { type: 'application/zip' });
    await user.upload(await screen.findByLabelText(T.sourceInput), zip);
    const changelog = screen.getByRole('textbox', { name: T.changelog });
    await user.click(changelog);
    await user.paste('x'.repeat(PLUGIN_CHANGELOG_MAX + 1));
    expect(screen.getByText(`${PLUGIN_CHANGELOG_MAX + 1}/${PLUGIN_CHANGELOG_MAX}`)).toBeInTheDocument();
    expect(changelog).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: T.uploadSource }));
    expect(await screen.findByText(PLUGIN_MESSAGES.changelogTooLong)).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);

    await user.clear(changelog);
    await user.type(changelog, '- Faster boost');
    expect(screen.getByText(`14/${PLUGIN_CHANGELOG_MAX}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.uploadSource }));
    await waitFor(() =>
      expect(uploads()).toEqual([
        { path: '/plugins/5/files/source', file: zip, fields: { changelog: '- Faster boost' } },
      ]),
    );
    await waitFor(() => expect(changelog).toHaveValue(''));
  });
});

describe('plugin manage page in French', () => {
  beforeEach(() => signInAs());
  afterEach(async () => {
    await changeLocale('en');
    signOut();
    vi.unstubAllGlobals();
  });

  it("shows its sections, statuses and queue place in the reader's language", async () => {
    await changeLocale('fr');
    serve((_m, path) =>
      path === '/plugins/my/5/submissions'
        ? json(200, [makeSubmission({ submissionId: 1, status: 'p', queuePosition: 1 })])
        : undefined,
    );
    open();
    const status = await screen.findByRole('group', { name: 'Statut' }, { timeout: 5000 });
    expect(status).toHaveTextContent('Brouillon');
    expect(screen.getByRole('navigation', { name: 'Sections' })).toHaveTextContent('Versions du jeu');
    expect(await screen.findByText('1er dans la file de validation', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText('En attente').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Supprimer le plugin' })).toBeInTheDocument();
    expect(document.title).toContain('Gérer le plugin');
  });
});
