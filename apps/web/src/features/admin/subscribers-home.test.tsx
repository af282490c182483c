import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { ADMIN_EN, adminT } from './admin-text';
import { ADMIN_LINKS, AdminHomePage, FeatureSubscribersPage } from './pages';

const T = ADMIN_EN.subscribers;
const features = [
  { key: 'maps', name: 'Maps', isCompleted: false },
  { key: 'tools', name: 'Tools', isCompleted: true },
];

function subscribersApi() {
  return mockFetch((url) => {
    if (url.startsWith('/api/UpcomingFeatures')) return json(200, features);
    if (url === '/api/FeatureSubscriptions/send-message') return new Response(null, { status: 202 });
    const q = new URL(url, 'http://x').searchParams;
    const page = Number(q.get('page'));
    return json(200, {
      items: [
        { memberId: page, username: `${q.get('feature')}-fan-${page}`, subscribedAt: '2026-11-01T10:00:00.000Z' },
      ],
      page,
      pageSize: 25,
      totalCount: 26,
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('FeatureSubscribersPage', () => {
  it('lists the subscribers of the feature picked, paged', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = subscribersApi();
    const user = userEvent.setup();
    renderPage(<FeatureSubscribersPage />, { path: '/admin/feature-subscribers' });
    const picker = await screen.findByLabelText(T.feature);
    expect(within(picker).getByRole('option', { name: 'Tools (completed)' })).toBeInTheDocument();
    await user.selectOptions(picker, 'maps');
    expect(await screen.findByRole('link', { name: 'maps-fan-1' })).toHaveAttribute('href', '/members/maps-fan-1');
    expect(screen.getByText('26 subscribers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'maps-fan-2' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/FeatureSubscriptions/subscribers?feature=maps&page=2');
  });

  it('tells moderators that subscriber lists are for administrators, without asking the server for them', async () => {
    signInAs(testMember, ['moderator']);
    const fetch = subscribersApi();
    renderPage(<FeatureSubscribersPage />, { path: '/admin/feature-subscribers?feature=maps' });
    expect(await screen.findByLabelText(T.feature)).toHaveValue('maps');
    expect(screen.getByText(T.adminOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.send })).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/FeatureSubscriptions/'))).toBe(false);
  });

  it('lets an administrator message the subscribers, requiring subject and message', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = subscribersApi();
    const user = userEvent.setup();
    renderPage(<FeatureSubscribersPage />, { path: '/admin/feature-subscribers?feature=maps' });
    await screen.findByRole('link', { name: 'maps-fan-1' });
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(screen.getByRole('alert')).toHaveTextContent(T.required);

    await user.type(screen.getByLabelText(T.subject), 'Maps are close');
    await user.type(screen.getByLabelText(T.body), 'The first maps arrive next week.');
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByText(T.sent)).toBeInTheDocument();
    const post = fetch.mock.calls.find(([u]) => u === '/api/FeatureSubscriptions/send-message')!;
    expect(bodyOf(post[1]!)).toEqual({
      feature: 'maps',
      subject: 'Maps are close',
      body: 'The first maps arrive next week.',
    });
    await waitFor(() => expect(screen.getByLabelText(T.subject)).toHaveValue(''));
  });

  it('shows the server message when sending fails', async () => {
    signInAs(testMember, ['administrator']);
    mockFetch((url) => {
      if (url.startsWith('/api/UpcomingFeatures')) return json(200, features);
      if (url.endsWith('send-message')) return json(400, { message: 'Unknown feature' });
      return json(200, { items: [], page: 1, pageSize: 25, totalCount: 0 });
    });
    const user = userEvent.setup();
    renderPage(<FeatureSubscribersPage />, { path: '/admin/feature-subscribers?feature=maps' });
    expect(await screen.findByText(T.none)).toBeInTheDocument();
    await user.type(screen.getByLabelText(T.subject), 'Hi');
    await user.type(screen.getByLabelText(T.body), 'Hello');
    await user.click(screen.getByRole('button', { name: T.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown feature');
  });
});

describe('AdminHomePage', () => {
  it('links to every admin section', () => {
    signInAs(testMember, ['administrator']);
    renderPage(<AdminHomePage />, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    const t = adminT();
    for (const l of ADMIN_LINKS) {
      expect(screen.getByRole('link', { name: new RegExp(t(l.label)) })).toHaveAttribute('href', l.to);
    }
  });
});
