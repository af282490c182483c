import {
  MEMBER_MESSAGES,
  REP_LOCK_MS,
  SUPPORT_MESSAGES,
  socialUrlMessage,
  type MemberProfile,
  type RepResponse,
} from '@bm/core';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  deferred,
  json,
  LocationProbe,
  mockFetch,
  renderPage,
  renderRoutes,
  signInAs,
  signOut,
  testMember,
} from '../../test/utils';
import { changeLocale } from '../../lib/i18n';
import { sortContent, type ContentItem } from './api';
import { MEMBERS_EN, useMemberMessage } from './members-text';

const T = MEMBERS_EN.profile;
const E = MEMBERS_EN.edit;
const pinLabel = (name: string) => T.pinLabel.replace('{name}', name);
import { ProfileForm } from './profile-edit-page';
import { MemberProfilePage } from './profile-page';
import { RepButton } from './rep-button';

const profileOf = (patch: Partial<MemberProfile> = {}): MemberProfile => ({
  member: { id: 42, displayName: 'BoostQueen', joinDateTime: '2025-03-04T10:00:00.000Z', avatarUrl: null },
  pluginCount: 3,
  carCount: 2,
  totalDownloads: 123456,
  totalViews: 9876,
  reputation: 5,
  hasGivenRep: false,
  followerCount: 0,
  isFollowing: false,
  bioMarkdown: '',
  bioHtml: '',
  socials: { websiteUrl: '', githubUrl: '', twitterUrl: '', discordUrl: '', youtubeUrl: '', twitchUrl: '' },
  supportUrl: null,
  ...patch,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOut();
});

describe('rep button', () => {
  const renderButton = (
    send: (give: boolean) => Promise<RepResponse>,
    props: Partial<Parameters<typeof RepButton>[0]> = {},
  ) =>
    renderPage(<RepButton username="BoostQueen" reputation={5} hasGivenRep={false} signedIn send={send} {...props} />);
  const count = () => screen.getByTestId('rep-count').textContent;

  it('adds one at once, then shows the server count', async () => {
    const answer = deferred<RepResponse>();
    const send = vi.fn(() => answer.promise);
    renderButton(send);
    fireEvent.click(screen.getByRole('button', { name: /Give Rep/ }));
    expect(send).toHaveBeenCalledWith(true);
    expect(count()).toBe('(6)');
    expect(screen.getByRole('button', { name: /Remove Rep/ })).toBeInTheDocument();
    await act(async () => answer.resolve({ reputation: 9, hasGivenRep: true }));
    expect(count()).toBe('(9)');
  });

  it('removes one, never below 1', async () => {
    const send = vi.fn(async () => ({ reputation: 1, hasGivenRep: false }));
    renderButton(send, { reputation: 1, hasGivenRep: true });
    fireEvent.click(screen.getByRole('button', { name: /Remove Rep/ }));
    expect(send).toHaveBeenCalledWith(false);
    expect(count()).toBe('(1)');
    await waitFor(() => expect(screen.getByRole('button', { name: /Give Rep/ })).toBeInTheDocument());
  });

  it('puts the count back and says so when the call fails', async () => {
    const answer = deferred<RepResponse>();
    renderButton(() => answer.promise);
    fireEvent.click(screen.getByRole('button', { name: /Give Rep/ }));
    expect(count()).toBe('(6)');
    await act(async () => answer.reject(new Error('down')));
    expect(count()).toBe('(5)');
    expect(screen.getByRole('button', { name: /Give Rep/ })).toBeInTheDocument();
    expect(await screen.findByText(MEMBER_MESSAGES.giveRepFailed)).toBeInTheDocument();
  });

  it('says removal failed when taking back fails', async () => {
    renderButton(() => Promise.reject(new Error('down')), { hasGivenRep: true });
    fireEvent.click(screen.getByRole('button', { name: /Remove Rep/ }));
    expect(await screen.findByText(MEMBER_MESSAGES.removeRepFailed)).toBeInTheDocument();
    expect(count()).toBe('(5)');
  });

  it('ignores clicks for 300 ms after each click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const send = vi.fn(async (give: boolean) => ({ reputation: give ? 6 : 5, hasGivenRep: give }));
    renderButton(send);
    const button = screen.getByTestId('rep-button');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await act(async () => vi.advanceTimersByTime(REP_LOCK_MS - 1));
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(button).not.toHaveAttribute('aria-disabled');
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(false);
  });

  it('asks anonymous visitors to sign in instead of calling', async () => {
    const send = vi.fn();
    renderButton(send, { signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: /Give Rep/ }));
    expect(send).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: T.repJoinTitle });
    expect(within(dialog).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login'),
    );
  });
});

describe('profile form', () => {
  const renderForm = (profile = profileOf()) =>
    renderRoutes(
      [
        { path: '/settings/profile', element: <ProfileForm profile={profile} /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { path: '/settings/profile' },
    );

  it('checks each link as it is typed, with a message per field, and sends nothing while one is wrong', async () => {
    const fetch = mockFetch(() => json(500, {}));
    const user = userEvent.setup();
    renderForm();
    const github = screen.getByLabelText('GitHub');
    expect(github).toHaveAttribute('type', 'url');
    for (const label of ['Website', 'GitHub', 'Twitter/X', 'Discord', 'YouTube', 'Twitch'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    await user.type(github, 'github.com/me');
    expect(screen.getByText(socialUrlMessage('githubUrl'))).toBeInTheDocument();
    expect(github).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Twitch'), 'ftp://x');
    expect(screen.getByText(socialUrlMessage('twitchUrl'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: E.save }));
    expect(fetch).not.toHaveBeenCalled();
    expect(github).toHaveFocus();
    await user.clear(github);
    await user.type(github, 'https://github.com/me');
    expect(screen.queryByText(socialUrlMessage('githubUrl'))).not.toBeInTheDocument();
  });

  it('previews the bio with the markdown renderer in 8 rows', async () => {
    const user = userEvent.setup();
    renderForm();
    const bio = screen.getByLabelText(E.bio);
    expect(bio).toHaveAttribute('rows', '8');
    await user.type(bio, '## Hello{enter}{enter}**bold** move');
    await user.click(screen.getByRole('tab', { name: E.preview }));
    // The renderer loads when the preview first opens.
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('saves, says so for 3.5 s and goes to the profile', async () => {
    const saved = profileOf({ member: { ...profileOf().member, displayName: 'octane' }, bioMarkdown: 'Hi' });
    const fetch = mockFetch(() => json(200, saved));
    const user = userEvent.setup();
    renderForm(profileOf({ member: { ...profileOf().member, displayName: 'octane' } }));
    await user.type(screen.getByLabelText(E.bio), 'Hi');
    await user.type(screen.getByLabelText('Website'), ' https://example.com ');
    await user.click(screen.getByRole('button', { name: E.save }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/members/octane');
    expect(await screen.findByText(E.saved)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/members/me/profile');
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init!)).toMatchObject({
      bioMarkdown: 'Hi',
      socials: { websiteUrl: 'https://example.com', githubUrl: '' },
    });
  });

  it("shows 'Failed to save profile.' and the server's field errors", async () => {
    mockFetch(() => json(400, { message: 'bad', errors: { 'socials.discordUrl': ['Discord is not allowed here'] } }));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: E.save }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(E.saveFailed);
    expect(alert).toHaveTextContent('Discord is not allowed here');
    expect(screen.getByLabelText('Discord')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('member content order', () => {
  const item = (patch: Partial<ContentItem>): ContentItem => ({
    kind: 'plugin',
    id: 1,
    name: 'x',
    description: '',
    bannerUrl: null,
    uses: 0,
    views: 0,
    isPinned: false,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...patch,
  });

  it('orders mixed content: pinned, downloads or copies, views, then the newest', () => {
    const sorted = sortContent([
      item({ id: 1, name: 'old', uses: 5, views: 5, updatedAt: '2024-01-01T00:00:00.000Z' }),
      item({ id: 2, kind: 'car', name: 'car', uses: 50 }),
      item({ id: 3, name: 'pinned', isPinned: true }),
      item({ id: 4, name: 'new', uses: 5, views: 5, updatedAt: '2025-06-01T00:00:00.000Z' }),
      item({ id: 5, name: 'views', uses: 5, views: 9 }),
    ]);
    expect(sorted.map((i) => i.name)).toEqual(['pinned', 'car', 'views', 'new', 'old']);
  });
});

function serveProfile(profile: MemberProfile, handlers: Record<string, (init: RequestInit) => Response> = {}) {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${u.pathname}`;
    if (handlers[key]) return handlers[key](init);
    if (key === 'GET /api/members/BoostQueen') return json(200, profile);
    if (key === 'GET /api/members/BoostQueen/plugins')
      return json(200, {
        items: [
          {
            id: 11,
            name: 'Boost Meter',
            shortDescription: 'meter',
            bannerImageUrl: null,
            downloadCount: 10,
            viewCount: 3,
            isPinned: false,
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
        totalPages: 1,
        totalCount: 1,
      });
    if (key === 'GET /api/members/BoostQueen/cars')
      return json(200, {
        items: [
          {
            id: 22,
            name: 'Pink Octane',
            description: '**pink**',
            bannerUrl: null,
            codeCopies: 99,
            views: 1,
            isPinned: false,
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
        totalPages: 1,
        totalCount: 1,
      });
    return json(404, { message: 'Member not found' });
  });
}
const open = (name = 'BoostQueen') =>
  renderRoutes([{ path: '/members/:username', element: <MemberProfilePage /> }], { path: `/members/${name}` });

describe('member profile page', () => {
  beforeEach(() => signOut());

  it('shows the header, counters, a quip for an empty bio, no links, and the mixed grid', async () => {
    const fetch = serveProfile(profileOf());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'BoostQueen' })).toBeInTheDocument();
    expect(document.title).toContain('BoostQueen');
    const joined = screen.getByText(T.joined).querySelector('time');
    expect(joined).toHaveAttribute('datetime', '2025-03-04T10:00:00.000Z');
    expect(joined?.getAttribute('title')).toMatch(/2025/);
    const counters = screen.getByLabelText(T.counters);
    expect(counters).toHaveTextContent('123k');
    expect(counters).toHaveTextContent('9,876');
    expect(Object.values(MEMBERS_EN.quips)).toContain(screen.getByTestId('profile-quip').textContent);
    expect(screen.getByText(T.noSocials)).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: T.contentList });
    const links = within(grid).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/cars/22', '/plugin/11']);
    expect(fetch.mock.calls.some(([u]) => String(u).includes('pageSize=50'))).toBe(true);
    expect(screen.queryByRole('link', { name: T.editProfile })).not.toBeInTheDocument();
  });

  it('speaks French: counters, About, the links, the grid and the rep button (issue 30)', async () => {
    await changeLocale('fr');
    serveProfile(profileOf({ socials: { ...profileOf().socials, websiteUrl: 'https://queen.example' } }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'BoostQueen' })).toBeInTheDocument();
    const counters = screen.getByLabelText('Statistiques du membre');
    expect(within(counters).getByText('Téléchargements')).toBeInTheDocument();
    expect(counters).toHaveTextContent(/9\s876/);
    expect(screen.getByRole('heading', { name: 'À propos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Site web/ })).toHaveAttribute('title', 'Site web de BoostQueen');
    expect(screen.getByTestId('rep-button')).toHaveTextContent('Donner de la réputation');
    const grid = await screen.findByRole('list', { name: 'Plugins et voitures de ce membre' });
    expect(within(grid).getByText('Voiture')).toBeInTheDocument();
    expect(within(grid).getByText('copies')).toBeInTheDocument();
  });

  it('shows the bio as the server rendered it, and the links with their names', async () => {
    serveProfile(
      profileOf({
        bioMarkdown: '# Queen\n\nI **boost**.',
        bioHtml: '<h1>Queen</h1>\n<p>I <strong>boost</strong>.</p>\n',
        socials: { ...profileOf().socials, githubUrl: 'https://github.com/queen' },
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Queen' })).toBeInTheDocument();
    expect(screen.getByText('boost').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', 'https://github.com/queen');
  });
});

describe('member profile page: owner, Rep and load errors', () => {
  beforeEach(() => signOut());

  it('gives the owner Edit Profile and pin toggles, and reverts a failed pin with a toast', async () => {
    signInAs({ ...testMember, id: 42, username: 'BoostQueen' });
    serveProfile(profileOf(), { 'POST /api/plugins/11/pin': () => json(500, {}) });
    open();
    expect(await screen.findByRole('link', { name: T.editProfile })).toHaveAttribute('href', '/settings/profile');
    expect(screen.queryByTestId('rep-button')).not.toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: T.contentList });
    const pinButton = within(grid).getByRole('button', { name: pinLabel('Boost Meter') });
    expect(pinButton).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(pinButton);
    // Optimistic: pinned goes first.
    await waitFor(() => expect(within(grid).getAllByRole('link')[0]).toHaveAttribute('href', '/plugin/11'));
    expect(await screen.findByText(T.pinFailed)).toBeInTheDocument();
    await waitFor(() => expect(within(grid).getAllByRole('link')[0]).toHaveAttribute('href', '/cars/22'));
  });

  it('pins for good when the server agrees', async () => {
    signInAs({ ...testMember, id: 42, username: 'BoostQueen' });
    const fetch = serveProfile(profileOf(), { 'POST /api/cars/22/pin': (init) => json(200, bodyOf(init)) });
    open();
    const grid = await screen.findByRole('list', { name: T.contentList });
    fireEvent.click(within(grid).getByRole('button', { name: pinLabel('Pink Octane') }));
    await waitFor(() =>
      expect(within(grid).getByRole('button', { name: pinLabel('Pink Octane') })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(fetch.mock.calls.some(([u, i]) => String(u) === '/api/cars/22/pin' && i?.method === 'POST')).toBe(true);
    // The owner reads the state in words too, not only from the toggle's colour.
    const card = (name: string) => within(grid).getByRole('link', { name }).closest('article')!;
    expect(within(card('Pink Octane')).getByText(T.pinned)).toBeInTheDocument();
    expect(within(card('Boost Meter')).queryByText(T.pinned)).toBeNull();
  });

  it('updates the Rep counter with the button', async () => {
    signInAs();
    serveProfile(profileOf(), {
      'POST /api/members/BoostQueen/rep': () => json(200, { reputation: 6, hasGivenRep: true }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Give Rep/ }));
    await waitFor(() => expect(screen.getByTestId('rep-counter')).toHaveTextContent('6'));
  });

  it('shows a not-found page for an unknown member, and the load error otherwise', async () => {
    serveProfile(profileOf());
    open('Nobody');
    expect(await screen.findByRole('heading', { name: T.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.browsePlugins })).toHaveAttribute('href', '/plugins');
  });

  it("says 'Failed to load profile.' when the profile cannot be read", async () => {
    mockFetch(() => json(500, { message: 'boom' }));
    open();
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
  });

  it("says 'Failed to load content.' when the grid cannot be read", async () => {
    serveProfile(profileOf(), { 'GET /api/members/BoostQueen/cars': () => json(500, {}) });
    open();
    expect(await screen.findByText(T.contentFailed)).toBeInTheDocument();
  });
});

describe('core profile and support link messages in the reader language', () => {
  const messages = [
    MEMBER_MESSAGES.bioTooLong,
    MEMBER_MESSAGES.saveFailed,
    socialUrlMessage('websiteUrl'),
    socialUrlMessage('twitchUrl'),
    SUPPORT_MESSAGES.invalid,
    SUPPORT_MESSAGES.tooLong,
    SUPPORT_MESSAGES.saveFailed,
  ];

  it('reads each one in English exactly as core writes it', () => {
    const say = renderHook(() => useMemberMessage()).result.current;
    for (const message of messages) expect(say(message)).toBe(message);
  });

  it('translates each one, with its limit and the link name', async () => {
    await changeLocale('es');
    const say = renderHook(() => useMemberMessage()).result.current;
    for (const message of messages) expect(say(message)).not.toBe(message);
    expect(say(MEMBER_MESSAGES.bioTooLong)).toBe('La bio no puede superar los 5000 caracteres');
    expect(say(socialUrlMessage('websiteUrl'))).toBe(
      'Sitio web: debe ser un enlace que empiece por http:// o https://',
    );
  });
});
