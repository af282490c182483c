import type { AdminMember, FeedbackItem } from '@bm/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthState } from '../../lib/auth';
import {
  LocationProbe,
  bodyOf,
  fakeToken,
  json,
  mockFetch,
  renderPage,
  renderRoutes,
  signInAs,
  signOut,
  testMember,
} from '../../test/utils';
import { ADMIN_EN as ADMIN_TEXT } from './admin-text';
import { AdminMembersPage, FeedbackDetailPage, FeedbackListPage } from './pages';

const item = (over: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: 5,
  excerpt: 'The search box forgets my text',
  content: 'The search box forgets my text',
  url: '/plugins?search=abc',
  member: { id: 12, username: 'BoostQueen' },
  userAgent: 'Mozilla/5.0 TestBrowser',
  status: 'new',
  createdAt: '2026-11-23T07:00:00.000Z',
  ...over,
});

const member = (over: Partial<AdminMember> = {}): AdminMember => ({
  id: 12,
  username: 'BoostQueen',
  email: 'boost@example.com',
  roles: [],
  createdAt: '2026-01-02T00:00:00.000Z',
  emailVerified: true,
  disabled: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('FeedbackListPage', () => {
  it('lists feedback, filters by status and pages', async () => {
    signInAs(testMember, ['moderator']);
    const fetch = mockFetch((url) => {
      const q = new URL(url, 'http://x').searchParams;
      const page = Number(q.get('page'));
      return json(200, {
        items: [item({ id: page * 100, excerpt: `Item on page ${page} (${q.get('status')})` })],
        page,
        pageSize: 25,
        totalCount: 30,
      });
    });
    const user = userEvent.setup();
    renderPage(<FeedbackListPage />, { path: '/admin/feedback' });
    const link = await screen.findByRole('link', { name: 'Item on page 1 (all)' });
    expect(link).toHaveAttribute('href', '/admin/feedback/100');

    await user.selectOptions(screen.getByLabelText(ADMIN_TEXT.feedback.filter), 'new');
    expect(await screen.findByRole('link', { name: 'Item on page 1 (new)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Item on page 2 (new)' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/admin/feedback?page=2&status=new');
  });
});

describe('FeedbackDetailPage', () => {
  const routes = [
    { path: '/admin/feedback/:id', element: <FeedbackDetailPage /> },
    { path: '*', element: <LocationProbe /> },
  ];

  it('shows the content, the page as a link, the member linking to their profile and the browser; status buttons save', async () => {
    signInAs(testMember, ['administrator']);
    const fetch = mockFetch((_url, init) =>
      init.method === 'PATCH'
        ? json(200, item({ status: (bodyOf(init) as { status: 'done' }).status }))
        : json(200, item({ status: 'seen' })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/admin/feedback/5' });
    expect(await screen.findByRole('heading', { name: 'Feedback #5' })).toBeInTheDocument();
    expect(await screen.findByText('The search box forgets my text')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/plugins?search=abc' })).toHaveAttribute('href', '/plugins?search=abc');
    expect(screen.getByRole('link', { name: 'BoostQueen' })).toHaveAttribute('href', '/members/BoostQueen');
    expect(screen.getByText('Mozilla/5.0 TestBrowser')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as seen' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark as done' })).toHaveAttribute('aria-pressed', 'true'),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/admin/feedback/5');
    expect(bodyOf(patch[1]!)).toEqual({ status: 'done' });
  });

  it('does not turn a stored script URL into a link, and moderators get no status buttons', async () => {
    signInAs(testMember, ['moderator']);
    mockFetch(() => json(200, item({ url: 'javascript:alert(1)', member: null })));
    renderRoutes(routes, { path: '/admin/feedback/5' });
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(screen.getByText(ADMIN_TEXT.feedback.anonymous)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark as/ })).toBeNull();
  });
});

describe('AdminMembersPage', () => {
  const admin = { ...testMember, id: 1, username: 'admin' };

  it('searches, and pages through the results', async () => {
    signInAs(admin, ['administrator']);
    const fetch = mockFetch((url) => {
      const q = new URL(url, 'http://x').searchParams;
      const search = q.get('search');
      return json(200, {
        items: [member({ username: search ? `found-${search}` : `page-${q.get('page')}` })],
        page: Number(q.get('page')),
        pageSize: 25,
        totalCount: search ? 1 : 60,
      });
    });
    const user = userEvent.setup();
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    expect(await screen.findByRole('link', { name: 'page-1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'page-3' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: ADMIN_TEXT.members.search }), 'Boost{Enter}');
    expect(await screen.findByRole('link', { name: 'found-Boost' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/admin/members?page=1&search=Boost');
  });

  it('grants and revokes staff roles with the switches; the own administrator switch is locked', async () => {
    signInAs(admin, ['administrator']);
    let roles: string[] = [];
    const fetch = mockFetch((_url, init) => {
      if (init.method === 'PUT') roles = ['moderator'];
      if (init.method === 'DELETE') roles = [];
      if (init.method === 'PUT' || init.method === 'DELETE') return new Response(null, { status: 204 });
      return json(200, {
        items: [member({ id: 1, username: 'admin', roles: ['administrator'] }), member({ roles })],
        page: 1,
        pageSize: 25,
        totalCount: 2,
      });
    });
    const user = userEvent.setup();
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    expect(await screen.findByRole('switch', { name: 'Administrator role for admin' })).toBeDisabled();
    const mod = screen.getByRole('switch', { name: 'Moderator role for BoostQueen' });
    expect(mod).not.toBeChecked();
    await user.click(mod);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Moderator role for BoostQueen' })).toBeChecked());
    expect(
      fetch.mock.calls.some(([u, i]) => u === '/api/admin/members/12/roles/moderator' && i?.method === 'PUT'),
    ).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Moderator role for BoostQueen' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Moderator role for BoostQueen' })).not.toBeChecked(),
    );
    expect(
      fetch.mock.calls.some(([u, i]) => u === '/api/admin/members/12/roles/moderator' && i?.method === 'DELETE'),
    ).toBe(true);
  });

  it('disables a member only after the confirm dialog', async () => {
    signInAs(admin, ['administrator']);
    let disabled = false;
    const fetch = mockFetch((url, init) => {
      if (init.method === 'POST') {
        disabled = url.endsWith('/disable');
        return new Response(null, { status: 204 });
      }
      return json(200, { items: [member({ disabled })], page: 1, pageSize: 25, totalCount: 1 });
    });
    const user = userEvent.setup();
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    await user.click(await screen.findByRole('button', { name: 'Disable BoostQueen' }));
    let dialog = screen.getByRole('dialog', { name: 'Disable BoostQueen?' });
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.members.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable BoostQueen' }));
    dialog = screen.getByRole('dialog', { name: 'Disable BoostQueen?' });
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.members.disable }));
    expect(await screen.findByRole('button', { name: 'Enable BoostQueen' })).toBeInTheDocument();
    expect(screen.getByTestId('member-row')).toHaveTextContent(ADMIN_TEXT.members.disabled);
    expect(fetch.mock.calls.some(([u, i]) => u === '/api/admin/members/12/disable' && i?.method === 'POST')).toBe(true);
  });

  it('impersonates a member: the session takes the new token and remembers the administrator', async () => {
    signInAs(admin, ['administrator']);
    const token = fakeToken({ sub: '12', is_impersonating: true });
    const fetch = mockFetch((url) => {
      if (url === '/api/admin/impersonate/12')
        return json(200, { token, member: { ...testMember, id: 12, username: 'BoostQueen', isImpersonating: true } });
      if (url === '/api/roles/my') return json(200, []);
      return json(200, { items: [member()], page: 1, pageSize: 25, totalCount: 1 });
    });
    const user = userEvent.setup();
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    await user.click(await screen.findByRole('button', { name: 'Impersonate BoostQueen' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(fetch.mock.calls.some(([u, i]) => u === '/api/admin/impersonate/12' && i?.method === 'POST')).toBe(true);
    const state = getAuthState();
    expect(state.token).toBe(token);
    expect(state.member).toMatchObject({ username: 'BoostQueen', isImpersonating: true });
    expect(state.impersonatorUsername).toBe('admin');
  });

  it('shows the impersonation failure text', async () => {
    signInAs(admin, ['administrator']);
    mockFetch((url) =>
      url.startsWith('/api/admin/impersonate')
        ? json(500, {})
        : json(200, { items: [member()], page: 1, pageSize: 25, totalCount: 1 }),
    );
    const user = userEvent.setup();
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    await user.click(await screen.findByRole('button', { name: 'Impersonate BoostQueen' }));
    expect(await screen.findByText('Failed to start impersonation')).toBeInTheDocument();
  });

  it('shows moderators roles without switches or account actions', async () => {
    signInAs(testMember, ['moderator']);
    mockFetch(() => json(200, { items: [member({ roles: ['moderator'] })], page: 1, pageSize: 25, totalCount: 1 }));
    renderPage(<AdminMembersPage />, { path: '/admin/members' });
    const row = await screen.findByTestId('member-row');
    expect(row).toHaveTextContent('Moderator');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Disable|Impersonate/ })).toBeNull();
  });
});
