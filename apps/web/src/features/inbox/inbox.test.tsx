import { MAIL_EVENT, type MailMessage } from '@bm/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { realtime } from '../../lib/realtime';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import T from '../../locales/en/inbox';
import { HiddenInboxPage, InboxPage, MailDetailPage } from './pages';
import { useUnreadMailCount } from './use-unread-mail-count';

let nextId = 100;
function msg(over: Partial<MailMessage> = {}): MailMessage {
  const id = over.id ?? nextId++;
  return {
    id,
    status: 'U',
    subject: `Subject ${id}`,
    body: `Body ${id}`,
    from: 'BakkesMod Community',
    category: 'plugin',
    isHidden: false,
    link: null,
    createdAt: '2026-11-20T10:00:00Z',
    ...over,
  };
}

/** A fake /mail server over a list of messages: pages, searches and filters as the real one. */
function serveInbox(messages: MailMessage[], opts: { fail?: RegExp; unread?: number } = {}) {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    if (opts.fail?.test(u.pathname)) return json(500, { message: 'Boom' });
    const page = Number(u.searchParams.get('page') ?? 1);
    const pageSize = Number(u.searchParams.get('pageSize') ?? 10);
    const search = u.searchParams.get('search')?.toLowerCase();
    const category = u.searchParams.get('category');
    const match = (m: MailMessage) =>
      (!search || [m.subject, m.body, m.from].some((s) => s.toLowerCase().includes(search))) &&
      (!category || m.category === category);
    const pageOf = (list: MailMessage[]) => ({
      items: list.slice((page - 1) * pageSize, page * pageSize),
      totalCount: list.length,
    });
    if (u.pathname === '/api/mail') return json(200, pageOf(messages.filter((m) => !m.isHidden && match(m))));
    if (u.pathname === '/api/mail/hidden') return json(200, pageOf(messages.filter((m) => m.isHidden && match(m))));
    if (u.pathname === '/api/mail/categories')
      return json(200, [
        { category: 'plugin', count: 3, unread: 1 },
        { category: 'staff', count: 1, unread: 0 },
      ]);
    if (u.pathname === '/api/mail/unread-count') return json(200, { count: opts.unread ?? 0 });
    const one = /^\/api\/mail\/(\d+)(?:\/(\w+))?$/.exec(u.pathname);
    if (one) {
      const m = messages.find((x) => x.id === Number(one[1]));
      if (!m) return json(404, { message: 'Message not found' });
      if (!one[2] && init.method !== 'POST') {
        m.status = 'O';
        // The server renders the body (typed HTML as text, bold as <strong>).
        const bodyHtml = m.body.replace(/</g, '&lt;').replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
        return json(200, { ...m, bodyHtml });
      }
      if (one[2] === 'hide') m.isHidden = true;
      if (one[2] === 'unhide') m.isHidden = false;
      if (one[2] === 'read') m.status = 'O';
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'Not found' });
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
const subjects = () =>
  screen.queryAllByTestId('mail-item').map((li) =>
    within(li)
      .getByRole('link')
      .querySelector('span')
      ?.textContent?.replace(/^Unread: /, ''),
  );
/** Delivers a MailEvent and lets the query cache notify its observers (it does so on a timer). */
const deliver = (payload: unknown) =>
  act(async () => {
    realtime.deliver(MAIL_EVENT, payload);
    await new Promise((r) => setTimeout(r, 5));
  });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

describe('inbox', () => {
  it('lists messages with the unread count and a link to the hidden inbox; the search is trimmed and sent only when not empty', async () => {
    signInAs();
    const list = [msg({ subject: 'Plugin approved' }), msg({ subject: 'New comment', status: 'O' })];
    const fetch = serveInbox(list, { unread: 1 });
    const user = userEvent.setup();
    renderPage(<InboxPage />, { path: '/mail' });
    expect(screen.getByRole('heading', { level: 1, name: T.inboxTitle })).toBeInTheDocument();
    await waitFor(() => expect(subjects()).toEqual(['Plugin approved', 'New comment']));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.hiddenLink })).toHaveAttribute('href', '/mail/hidden');
    expect(calls(fetch, '/api/mail')[0]!.searchParams.has('search')).toBe(false);
    expect(calls(fetch, '/api/mail')[0]!.searchParams.get('pageSize')).toBe('10');

    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), '   ');
    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('searchbox', { name: T.searchLabel }));
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), '  comment  {Enter}');
    await waitFor(() => expect(subjects()).toEqual(['New comment']));
    const searches = calls(fetch, '/api/mail').map((u) => u.searchParams.get('search'));
    expect(searches).toContain('comment');
    expect(searches.filter((s) => s !== null)).toEqual(['comment']);
  });

  it('changing search, category or page size goes back to page 1', async () => {
    signInAs();
    const list = Array.from({ length: 30 }, (_, i) =>
      msg({ subject: `Message ${i + 1}`, category: i % 2 ? 'staff' : 'plugin' }),
    );
    const fetch = serveInbox(list);
    const user = userEvent.setup();
    renderPage(<InboxPage />, { path: '/mail' });
    await waitFor(() => expect(subjects()[0]).toBe('Message 1'));
    const lastPage = () => calls(fetch, '/api/mail').at(-1)!.searchParams;

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(subjects()[0]).toBe('Message 11'));
    await user.selectOptions(screen.getByRole('combobox', { name: T.categoryLabel }), 'staff');
    await waitFor(() => expect(subjects()[0]).toBe('Message 2'));
    expect(lastPage().get('page')).toBe('1');
    expect(lastPage().get('category')).toBe('staff');
    expect(screen.getByRole('option', { name: 'Plugins (3)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastPage().get('page')).toBe('2'));
    await user.selectOptions(screen.getByRole('combobox', { name: T.pageSizeLabel }), '25');
    await waitFor(() => expect(lastPage().get('pageSize')).toBe('25'));
    expect(lastPage().get('page')).toBe('1');

    await user.selectOptions(screen.getByRole('combobox', { name: T.categoryLabel }), '');
    await waitFor(() => expect(subjects()).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastPage().get('page')).toBe('2'));
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'Message{Enter}');
    await waitFor(() => expect(lastPage().get('search')).toBe('Message'));
    expect(lastPage().get('page')).toBe('1');
  });

  it('puts a received message at the top of page 1 when it matches, trimmed to the page size, and follows read and hide events', async () => {
    signInAs();
    const list = Array.from({ length: 10 }, (_, i) => msg({ subject: `Old ${i + 1}` }));
    serveInbox(list);
    renderPage(<InboxPage />, { path: '/mail' });
    await waitFor(() => expect(subjects()).toHaveLength(10));

    await deliver({ event: 'MailReceived', data: msg({ subject: 'Fresh news' }), unread: 4 });
    expect(subjects()[0]).toBe('Fresh news');
    expect(subjects()).toHaveLength(10);
    expect(subjects()).not.toContain('Old 10');
    expect(screen.getByText('4 unread')).toBeInTheDocument();

    await deliver({ event: 'MailReceived', data: msg({ subject: 'Hidden one', isHidden: true }), unread: 4 });
    expect(subjects()).not.toContain('Hidden one');

    const first = list[0]!;
    const item = () => screen.getAllByTestId('mail-item').find((li) => li.textContent?.includes(first.subject))!;
    expect(within(item()).getByRole('link').textContent).toContain('Unread');
    await deliver({ event: 'MailRead', data: { id: first.id }, unread: 3 });
    expect(within(item()).getByRole('link').textContent).not.toContain('Unread');
    expect(screen.getByText('3 unread')).toBeInTheDocument();

    await deliver({ event: 'MailHidden', data: { id: first.id }, unread: 3 });
    expect(subjects()).not.toContain(first.subject);
    await deliver({ event: 'MailUnhidden', data: { id: first.id }, unread: 3 });
    expect(subjects()).not.toContain(first.subject);
  });

  it('inserts live only messages that match the search (subject, body or sender)', async () => {
    signInAs();
    serveInbox([msg({ subject: 'Boost tips' })]);
    const user = userEvent.setup();
    renderPage(<InboxPage />, { path: '/mail' });
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'boost{Enter}');
    await waitFor(() => expect(subjects()).toEqual(['Boost tips']));
    await deliver({ event: 'MailReceived', data: msg({ subject: 'Unrelated' }) });
    await deliver({ event: 'MailReceived', data: msg({ subject: 'By sender', from: 'BoostQueen' }) });
    await deliver({ event: 'MailReceived', data: msg({ subject: 'In body', body: 'more BOOST please' }) });
    expect(subjects()).toEqual(['In body', 'By sender', 'Boost tips']);
  });

  it('does not insert on later pages', async () => {
    signInAs();
    serveInbox(Array.from({ length: 15 }, (_, i) => msg({ subject: `Old ${i + 1}` })));
    const user = userEvent.setup();
    renderPage(<InboxPage />, { path: '/mail' });
    await waitFor(() => expect(subjects()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(subjects()[0]).toBe('Old 11'));
    await deliver({ event: 'MailReceived', data: msg({ subject: 'New' }) });
    expect(subjects()).not.toContain('New');
  });

  it('shows the §8 error when the inbox cannot be fetched', async () => {
    signInAs();
    serveInbox([], { fail: /^\/api\/mail$/ });
    renderPage(<InboxPage />, { path: '/mail' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch inbox.');
  });
});

describe('hidden inbox', () => {
  it('lists hidden messages; Unhide removes one, and a failure is only logged', async () => {
    signInAs();
    const a = msg({ subject: 'Hidden A', isHidden: true });
    const b = msg({ subject: 'Hidden B', isHidden: true });
    const fetch = serveInbox([a, b]);
    const user = userEvent.setup();
    renderPage(<HiddenInboxPage />, { path: '/mail/hidden' });
    expect(screen.getByRole('heading', { level: 1, name: T.hiddenTitle })).toBeInTheDocument();
    await waitFor(() => expect(subjects()).toEqual(['Hidden A', 'Hidden B']));
    await user.click(screen.getByRole('button', { name: `${T.unhide}: Hidden A` }));
    await waitFor(() => expect(subjects()).toEqual(['Hidden B']));
    expect(
      fetch.mock.calls.some(([u, init]) => String(u).endsWith(`/mail/${a.id}/unhide`) && init?.method === 'POST'),
    ).toBe(true);

    await deliver({ event: 'MailUnhidden', data: { id: b.id }, unread: 0 });
    expect(subjects()).toEqual([]);
  });

  it('logs an Unhide failure without showing an error', async () => {
    signInAs();
    const a = msg({ subject: 'Stuck', isHidden: true });
    serveInbox([a], { fail: /unhide$/ });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage(<HiddenInboxPage />, { path: '/mail/hidden' });
    await user.click(await screen.findByRole('button', { name: `${T.unhide}: Stuck` }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(subjects()).toEqual(['Stuck']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the §8 error when the hidden inbox cannot be fetched', async () => {
    signInAs();
    serveInbox([], { fail: /hidden$/ });
    renderPage(<HiddenInboxPage />, { path: '/mail/hidden' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch hidden inbox.');
  });
});

describe('inbox in another language', () => {
  it('lists and opens messages in German: headings, counts, categories and the sender line', async () => {
    await changeLocale('de');
    signInAs();
    const m = msg({ subject: 'Plugin freigegeben', category: 'staff' });
    serveInbox([m, msg({ subject: 'Gelesen', status: 'O' })], { unread: 1 });
    const user = userEvent.setup();
    const { unmount } = renderPage(<InboxPage />, { path: '/mail' });
    expect(screen.getByRole('heading', { level: 1, name: 'Posteingang' })).toBeInTheDocument();
    expect(await screen.findByText('1 ungelesen')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Nachrichten suchen' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Vom Team (1)' })).toBeInTheDocument();
    const first = within(screen.getByRole('list', { name: 'Nachrichten' })).getAllByRole('link')[0]!;
    expect(first).toHaveTextContent('Ungelesen: Plugin freigegeben');
    unmount();
    renderPage(<MailDetailPage />, { path: `/mail/${m.id}`, route: '/mail/:id' });
    expect(await screen.findByText(/^Von: BakkesMod Community/)).toHaveTextContent('Vom Team');
    await user.click(screen.getByRole('button', { name: 'Ausblenden' }));
    expect(await screen.findByText('Diese Nachricht ist in deinem Posteingang ausgeblendet.')).toBeInTheDocument();
  });
});

describe('message detail', () => {
  it('shows the message with its markdown body rendered safely; Hide and Unhide toggle it', async () => {
    signInAs();
    const m = msg({
      subject: 'Approved!',
      body: '**Well done**\n\n<script>alert(1)</script>',
      link: '/plugins/3/manage',
    });
    const fetch = serveInbox([m]);
    const user = userEvent.setup();
    renderPage(<MailDetailPage />, { path: `/mail/${m.id}`, route: '/mail/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Approved!' })).toBeInTheDocument();
    expect(screen.getByText('Well done').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: T.open })).toHaveAttribute('href', '/plugins/3/manage');
    await user.click(screen.getByRole('button', { name: T.hide }));
    expect(await screen.findByRole('button', { name: T.unhide })).toBeInTheDocument();
    expect(screen.getByText(T.hiddenNote)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.unhide }));
    expect(await screen.findByRole('button', { name: T.hide })).toBeInTheDocument();
    const posts = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([u]) => new URL(String(u), 'http://x').pathname);
    expect(posts).toEqual([`/api/mail/${m.id}/hide`, `/api/mail/${m.id}/unhide`]);
  });

  it('logs a Hide failure and keeps the message as it was', async () => {
    signInAs();
    const m = msg({ subject: 'Keep me' });
    serveInbox([m], { fail: /hide$/ });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage(<MailDetailPage />, { path: `/mail/${m.id}`, route: '/mail/:id' });
    await user.click(await screen.findByRole('button', { name: T.hide }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: T.hide })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the §8 error for a message that cannot be fetched', async () => {
    signInAs();
    serveInbox([]);
    renderPage(<MailDetailPage />, { path: '/mail/999', route: '/mail/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch message.');
  });
});

function UnreadProbe() {
  return <span data-testid="unread">{useUnreadMailCount()}</span>;
}

describe('unread count', () => {
  it('comes from the server, follows MailEvents and shows in the tab title', async () => {
    signInAs();
    serveInbox([], { unread: 3 });
    renderPage(<UnreadProbe />);
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('3'));
    expect(document.title).toMatch(/^\(3\) /);
    await deliver({ event: 'MailRead', data: { id: 1 }, unread: 2 });
    expect(screen.getByTestId('unread')).toHaveTextContent('2');
    expect(document.title).toMatch(/^\(2\) /);
    await deliver({ event: 'MailHidden', data: { id: 2 }, unread: 0 });
    expect(document.title).not.toMatch(/^\(/);
  });

  it('is 0 without a request for anonymous visitors', async () => {
    const fetch = serveInbox([], { unread: 5 });
    renderPage(<UnreadProbe />);
    expect(screen.getByTestId('unread')).toHaveTextContent('0');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls(fetch, '/api/mail/unread-count')).toHaveLength(0);
  });
});
