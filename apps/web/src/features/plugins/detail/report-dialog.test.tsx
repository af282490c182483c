import { MODERATION_MESSAGES, PLUGIN_REPORT_REASONS } from '@bm/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState, SIGNED_OUT } from '../../../lib/auth';
import { bodyOf, fakeToken, json, mockFetch, renderRoutes, signInAs, signOut, testMember } from '../../../test/utils';
import D from '../../../locales/en/pluginDetail';
import REPORT from '../../../locales/en/report';
import { makePlugin } from '../list/test-fixtures';
import { PluginDetailPage } from './plugin-detail-page';

function serve(report: () => Response = () => json(201, { id: 1 }), plugin = makePlugin()) {
  return mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/plugins/1/report' && init.method === 'POST') return report();
    if (path === '/api/plugins/1') return json(200, plugin);
    if (path === '/api/plugins/1/comments') return json(200, []);
    if (path === '/api/plugins/1/view') return json(200, { viewCount: 1, counted: true });
    if (path === '/api/plugins/1/rating') return json(200, { averageRating: 0, ratingCount: 0, myStars: null });
    return json(404, { message: 'Not found' });
  });
}

function open() {
  return renderRoutes([{ path: '/plugin/:id', element: <PluginDetailPage /> }], { path: '/plugin/1' });
}

const reportCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([u]) => String(u).endsWith('/plugins/1/report'));

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

/** Opens the plugin page and its report dialog (the member is signed in). */
async function openReportDialog() {
  open();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: D.report.open }));
  return { user, dialog: await screen.findByRole('dialog', { name: D.report.title }) };
}

describe('reporting a plugin', () => {
  it('sends the chosen reason and details, then thanks the member', async () => {
    signInAs();
    const fetch = serve();
    const { user, dialog } = await openReportDialog();
    for (const label of Object.values(PLUGIN_REPORT_REASONS))
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();

    // No reason yet: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: REPORT.submit }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.reportReason)).toBeInTheDocument();
    expect(reportCalls(fetch)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: PLUGIN_REPORT_REASONS.malware }));
    await user.type(within(dialog).getByLabelText(REPORT.details), '  Opens a reverse shell  ');
    expect(within(dialog).getByText('25/2000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: REPORT.submit }));

    expect(await screen.findByText(REPORT.sent)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: D.report.title })).not.toBeInTheDocument();
    expect(bodyOf(reportCalls(fetch)[0]![1]!)).toEqual({ reason: 'malware', details: 'Opens a reverse shell' });
  });

  it("asks for details when the reason is 'Something else'", async () => {
    signInAs();
    const fetch = serve();
    const { user, dialog } = await openReportDialog();
    await user.click(within(dialog).getByRole('radio', { name: PLUGIN_REPORT_REASONS.other }));
    await user.click(within(dialog).getByRole('button', { name: REPORT.submit }));
    expect(within(dialog).getByLabelText(REPORT.details)).toHaveAccessibleDescription(
      MODERATION_MESSAGES.reportDetailsRequired,
    );
    expect(reportCalls(fetch)).toHaveLength(0);
  });

  it("shows the server's message when the member already reported it", async () => {
    signInAs();
    serve(() => json(409, { message: MODERATION_MESSAGES.reportExists }));
    const { user, dialog } = await openReportDialog();
    await user.click(within(dialog).getByRole('radio', { name: PLUGIN_REPORT_REASONS.spam }));
    await user.click(within(dialog).getByRole('button', { name: REPORT.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.reportExists);
  });

  it('offers anonymous visitors the join-us dialog instead', async () => {
    serve();
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: D.report.open }));
    expect(screen.getByRole('dialog', { name: D.join.title })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: D.report.title })).not.toBeInTheDocument();
  });

  it('asks a member whose stored session is still being checked to wait, not to join, then opens the report', async () => {
    serve();
    // The first moments of a visit: the stored token is known, the member not yet.
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), initialised: false });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: D.report.open }));
    expect(screen.queryByRole('dialog', { name: D.join.title })).not.toBeInTheDocument();
    act(() => signInAs(testMember));
    expect(await screen.findByRole('dialog', { name: D.report.title })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: D.join.title })).not.toBeInTheDocument();
  });

  it('has no Report button for the plugin owner', async () => {
    signInAs(testMember);
    serve(undefined, makePlugin({ member: { id: testMember.id, displayName: testMember.username, avatarUrl: null } }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plugin 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: D.report.open })).not.toBeInTheDocument();
  });
});
