import { MODERATION_MESSAGES } from '@bm/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DROP_ZONE_TEXT } from '../../components/file-drop-zone';
import { bodyOf, json, LocationProbe, mockFetch, renderRoutes, signInAs, signOut } from '../../test/utils';
import EN from '../../locales/en/moderation';
import { PluginReviewPage } from './review-page';
import { makeDetail } from './test-fixtures';
import { FakeXhr, installFakeXhr } from '../../test/fake-xhr';

type Route = (method: string, path: string, init: RequestInit) => Response | undefined;

function serve(detail = makeDetail(), extra: Route = () => undefined) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const method = init.method ?? 'GET';
    const own = extra(method, path, init);
    if (own) return own;
    if (method === 'GET' && path === `/moderation/plugins/${detail.id}`) return json(200, detail);
    return json(404, { message: 'Not found' });
  });
}

function open(id = 31) {
  return renderRoutes(
    [
      { path: '/moderator/pending/:id', element: <PluginReviewPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { path: `/moderator/pending/${id}` },
  );
}

const zip = (name: string, size = 10) => new File(['P'.repeat(size)], name, { type: 'application/zip' });

beforeEach(() => {
  signInAs(undefined, ['moderator']);
  installFakeXhr();
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('plugin review page', () => {
  it('shows the details, the Open Active PRs link and the history', async () => {
    serve(
      makeDetail({
        buildLog: 'msbuild: 0 errors',
        audit: [
          {
            id: 1,
            action: 'hidden',
            actor: 'moderator',
            note: 'Needs a second look',
            acknowledgedFlags: null,
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
      }),
    );
    open();
    expect(
      await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const [label, value] of [
      [EN.details.name, 'Aerial Trainer'],
      [EN.details.author, 'RocketRyan'],
      [EN.details.description, 'Trains aerials in freeplay.'],
      [EN.details.fileName, 'aerial.zip'],
      [EN.details.version, '1.0.0'],
      [EN.details.changelog, '- Faster *aerials*'],
      [EN.details.status, 'Pending'],
    ] as const) {
      expect(within(table).getByRole('rowheader', { name: label }).closest('tr')).toHaveTextContent(value);
    }
    const prs = screen.getByRole('link', { name: new RegExp(EN.details.openPrs) });
    expect(prs).toHaveAttribute('href', 'https://github.com/ryan/aerial-trainer/pulls');
    expect(prs).toHaveAttribute('target', '_blank');
    expect(screen.getByText('msbuild: 0 errors')).toBeInTheDocument();
    // No built binary yet: the binary drop zone says one is needed.
    expect(screen.getByLabelText(EN.files.binaryZip)).toHaveAccessibleDescription(MODERATION_MESSAGES.needsBinary);
    expect(screen.getByTestId('audit-list')).toHaveTextContent('Needs a second look');
    expect(screen.getByTestId('audit-list')).toHaveTextContent('by moderator');
  });

  it('has no Open Active PRs link without a GitHub repository', async () => {
    serve(makeDetail({ sourceCodeUrl: 'https://gitlab.com/ryan/aerial' }));
    open();
    await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') });
    expect(screen.queryByRole('link', { name: new RegExp(EN.details.openPrs) })).not.toBeInTheDocument();
  });

  it("toasts 'No source file available' when the submission has no source", async () => {
    serve(makeDetail({ source: null }));
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: EN.details.downloadSource }));
    expect(await screen.findByText(EN.details.noSource)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: EN.details.fileName }).closest('tr')).toHaveTextContent(
      EN.details.none,
    );
  });
});

describe('plugin review page: approving', () => {
  it('approves with a binary, a debug ZIP and a trimmed note, following the upload progress', async () => {
    serve();
    open();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') });
    const binary = zip('aerial-bin.zip', 2048);
    const debug = zip('aerial-debug.zip');
    await user.upload(screen.getByLabelText(EN.files.binaryZip), binary);
    await user.upload(screen.getByLabelText(EN.files.debugZip), debug);
    expect(screen.getByText('aerial-bin.zip')).toBeInTheDocument();
    expect(screen.getByText('(2 KB)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(EN.review.approvalNote), '   Looks good   ');
    await user.click(screen.getByRole('button', { name: EN.review.approve }));

    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const { method, url, body } = FakeXhr.sent[0]!;
    expect([method, url]).toEqual(['POST', '/api/moderation/plugins/31/approve']);
    expect(body.get('binary')).toBe(binary);
    expect(body.get('debugArchive')).toBe(debug);
    expect(body.get('approvalNote')).toBe('Looks good');
    expect([...body.keys()].sort()).toEqual(['approvalNote', 'binary', 'debugArchive']);

    FakeXhr.last!.progress(30, 100);
    await vi.waitFor(() =>
      expect(screen.getByRole('progressbar', { name: EN.review.uploadProgress })).toHaveAttribute(
        'aria-valuenow',
        '30',
      ),
    );
    FakeXhr.last!.answer(204);
    expect(await screen.findByText(EN.review.approved)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/moderator/pending');
  });

  it('approves with no body when nothing is attached and the note is blank; Clear drops a file', async () => {
    const fetch = serve(undefined, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/approve' ? new Response(null, { status: 204 }) : undefined,
    );
    open();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') });
    await user.upload(screen.getByLabelText(EN.files.binaryZip), zip('bin.zip'));
    await user.click(screen.getByRole('button', { name: DROP_ZONE_TEXT.clearFile(EN.files.binaryZip) }));
    expect(screen.queryByText('bin.zip')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(EN.review.approvalNote), '   ');
    await user.click(screen.getByRole('button', { name: EN.review.approve }));
    expect(await screen.findByText(EN.review.approved)).toBeInTheDocument();
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(call[1]!.body).toBeUndefined();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("refuses a file that is not a ZIP, and shows the server's reason when approving fails", async () => {
    serve();
    open();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') });
    await user.upload(screen.getByLabelText(EN.files.binaryZip), new File(['x'], 'plugin.dll'));
    expect(screen.getByRole('alert')).toHaveTextContent(EN.files.notZip);
    await user.upload(screen.getByLabelText(EN.files.binaryZip), zip('bad.zip'));
    await user.click(screen.getByRole('button', { name: EN.review.approve }));
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.answer(
      400,
      JSON.stringify({ message: 'Validation failed', errors: { binary: ['The ZIP must contain plugins/<name>.dll'] } }),
    );
    expect(await screen.findByText(EN.review.approveFailed)).toBeInTheDocument();
    expect(screen.getByText('The ZIP must contain plugins/<name>.dll')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});

describe('plugin review page: denying and hiding', () => {
  it('checks the deny note before sending, then rejects with the trimmed note', async () => {
    const fetch = serve(undefined, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/reject' ? new Response(null, { status: 204 }) : undefined,
    );
    open();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: EN.review.title.replace('{name}', 'Aerial Trainer') });
    const deny = screen.getByRole('button', { name: EN.review.deny });
    await user.click(deny);
    const note = screen.getByLabelText(EN.review.denyNote);
    expect(note).toHaveAccessibleDescription(MODERATION_MESSAGES.denyNoteRequired);
    expect(note).toHaveFocus();
    await user.type(note, ' abc ');
    await user.click(deny);
    expect(note).toHaveAccessibleDescription(MODERATION_MESSAGES.denyNoteShort);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(note);
    await user.type(note, '  Crashes on load  ');
    expect(screen.getByTestId('deny-counter')).toHaveTextContent('19/5000');
    await user.click(deny);
    expect(await screen.findByText(EN.review.rejected)).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(bodyOf(post[1]!)).toEqual({ reason: 'Crashes on load' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/moderator/pending');
  });

  it("toasts 'Failed to reject' with the server's message", async () => {
    serve(undefined, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/reject'
        ? json(409, { message: 'This submission is not waiting for review' })
        : undefined,
    );
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(EN.review.denyNote), 'Crashes on load');
    await user.click(screen.getByRole('button', { name: EN.review.deny }));
    expect(await screen.findByText(EN.review.rejectFailed)).toBeInTheDocument();
    expect(screen.getByText('This submission is not waiting for review')).toBeInTheDocument();
  });

  it('hides from review and returns to the pending list', async () => {
    const fetch = serve(undefined, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/hide' ? new Response(null, { status: 204 }) : undefined,
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: EN.review.hideFromReview }));
    expect(await screen.findByText(EN.review.hidden)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/moderator/pending');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("toasts 'Failed to hide from review' when hiding fails", async () => {
    serve(undefined, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/hide' ? json(500) : undefined,
    );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: EN.review.hideFromReview }));
    expect(await screen.findByText(EN.review.hideFailed)).toBeInTheDocument();
  });
});

describe('plugin review page: holds', () => {
  it("says when one's own hold ends, in words", async () => {
    const until = new Date(Date.now() + 14 * 60_000 + 20_000).toISOString();
    serve(makeDetail({ lock: { memberId: 7, username: 'octane', until, mine: true } }));
    open();
    const hold = await screen.findByText(
      (_, el) => el?.tagName === 'P' && el.textContent === EN.hold.yourEnds.replace('{time}', 'in 14 minutes'),
    );
    expect(hold.querySelector('time')).toHaveAttribute('title', expect.stringMatching(/\d/));
  });

  it("says the 15-minute hold that opening took ('You are reviewing this until 21:05'), and Release gives it up", async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    const mine = makeDetail({ lock: { memberId: 7, username: 'octane', until, mine: true } });
    const fetch = serve(mine, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/release' ? json(200, { ...mine, lock: null }) : undefined,
    );
    open();
    const d = new Date(until);
    const clock = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    const hold = await screen.findByTestId('my-hold');
    expect(within(hold).getByText(EN.hold.reviewingUntil.replace('{time}', clock))).toBeInTheDocument();
    expect(EN.hold.reviewingUntil.replace('{time}', '21:05')).toBe('You are reviewing this until 21:05');
    await userEvent.setup().click(within(hold).getByRole('button', { name: EN.hold.release }));
    expect(await screen.findByText(EN.hold.released)).toBeInTheDocument();
    expect(screen.queryByTestId('my-hold')).toBeNull();
    expect(
      fetch.mock.calls.some(([u, i]) => String(u).endsWith('/moderation/plugins/31/release') && i?.method === 'POST'),
    ).toBe(true);
  });

  it('shows who holds the review and until when, and takes it over', async () => {
    // Two hours ago, not a fixed date: a week later the words would be "last week", not "... ago".
    const until = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const theirs = makeDetail({ lock: { memberId: 9, username: 'OtherMod', until, mine: false } });
    const fetch = serve(theirs, (method, path) =>
      method === 'POST' && path === '/moderation/plugins/31/takeover'
        ? json(200, { ...theirs, lock: { memberId: 7, username: 'octane', until, mine: true } })
        : undefined,
    );
    open();
    const banner = await screen.findByText(MODERATION_MESSAGES.lockedBy('OtherMod'));
    expect(banner).toBeInTheDocument();
    // The hold's end, in words on the shared clock (this one is past), with the exact time on hover.
    const hold = screen.getByText(
      (_, el) => el?.tagName === 'P' && /^Their hold ended .+ ago\.$/.test(el.textContent ?? ''),
    );
    expect(hold.querySelector('time')).toHaveAttribute('dateTime', until);
    expect(screen.getByRole('button', { name: EN.review.approve })).toBeDisabled();
    expect(screen.getByRole('button', { name: EN.review.deny })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: EN.hold.takeOver }));
    expect(await screen.findByText(EN.hold.tookOver)).toBeInTheDocument();
    expect(screen.queryByText(MODERATION_MESSAGES.lockedBy('OtherMod'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: EN.review.approve })).toBeEnabled();
    expect(
      fetch.mock.calls.filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/takeover')),
    ).toHaveLength(1);
  });

  it('reviews a hidden submission the same way', async () => {
    serve(makeDetail({ hiddenAt: '2026-11-21T11:00:00.000Z' }));
    open();
    expect(await screen.findByText(EN.review.hiddenNotice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EN.review.approve })).toBeEnabled();
    expect(screen.getByRole('button', { name: EN.review.deny })).toBeEnabled();
  });
});
