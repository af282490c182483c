import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState, SIGNED_OUT } from '../../lib/auth';
import { realtime } from '../../lib/realtime';
import { APP_VERSION } from '../../lib/site';
import {
  bodyOf,
  fakeToken,
  json,
  LocationProbe,
  mockFetch,
  renderRoutes,
  signInAs,
  signOut,
  testMember,
} from '../../test/utils';
import MANAGE_TEXT from '../../locales/en/pluginManage';
import { DEFAULT_CONFIG, type RuntimeConfig } from '../../lib/config';
import { changeLocale } from '../../lib/i18n';
import { RootLayout } from './layout';
import { SHELL_EN } from './shell-text';

const FOOTER = SHELL_EN.footer;
const NAV = SHELL_EN.nav;
const DEPLOY_TEXT = {
  admin: (version: string) => SHELL_EN.deploy.admin.replace('{version}', version),
  others: SHELL_EN.deploy.others,
};
const SEARCH = SHELL_EN.search;

function renderShell(path: string, config: RuntimeConfig = DEFAULT_CONFIG) {
  return renderRoutes([{ element: <RootLayout />, children: [{ path: '*', element: <LocationProbe /> }] }], {
    path,
    config,
  });
}

const where = () => screen.getByTestId('location').textContent;
const topBar = () => screen.getByRole('banner');

describe('top bar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('signed out: Sign Up and Sign In carrying the current path', () => {
    signOut();
    renderShell('/cars?search=fennec');
    const bar = within(topBar());
    expect(bar.getByRole('link', { name: NAV.signUp })).toHaveAttribute('href', '/register');
    expect(bar.getByRole('link', { name: NAV.signIn })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/cars?search=fennec')}`,
    );
  });

  it("speaks the reader's language: French top bar and search", async () => {
    signOut();
    await changeLocale('fr');
    renderShell('/cars');
    const bar = within(topBar());
    expect(bar.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    expect(bar.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(within(bar.getAllByRole('search')[0]!).getByRole('searchbox', { name: 'Rechercher' })).toHaveAttribute(
      'placeholder',
      'Rechercher des voitures...',
    );
  });

  it('Sign In on the login page carries no new redirect', () => {
    signOut();
    renderShell('/login');
    expect(within(topBar()).getByRole('link', { name: NAV.signIn })).toHaveAttribute('href', '/login');
  });

  it('highlights the area and the search follows it', async () => {
    const user = userEvent.setup();
    renderShell('/plugin/12');
    const nav = within(screen.getByRole('navigation', { name: NAV.main }));
    expect(nav.getByRole('link', { name: NAV.plugins })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: NAV.cars })).not.toHaveAttribute('aria-current');
    const search = within(within(topBar()).getAllByRole('search')[0]!);
    expect(search.getByRole('combobox', { name: SEARCH.in })).toHaveValue('plugins');

    await user.click(nav.getByRole('link', { name: NAV.cars }));
    expect(search.getByRole('combobox', { name: SEARCH.in })).toHaveValue('cars');
    expect(nav.getByRole('link', { name: NAV.cars })).toHaveAttribute('aria-current', 'page');
  });

  it('Enter searches the chosen list; whitespace does nothing', async () => {
    const user = userEvent.setup();
    renderShell('/');
    const search = within(within(topBar()).getAllByRole('search')[0]!);
    const box = search.getByRole('searchbox', { name: SEARCH.label });
    await user.type(box, '   {Enter}');
    expect(where()).toBe('/');
    await user.clear(box);
    await user.type(box, ' rocket plugin {Enter}');
    expect(where()).toBe('/plugins?search=rocket%20plugin');
    await user.selectOptions(search.getByRole('combobox', { name: SEARCH.in }), 'cars');
    await user.type(box, 'octane{Enter}');
    expect(where()).toBe('/cars?search=octane');
  });

  it('token present but not initialised: a pulsing placeholder', () => {
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), initialised: false });
    renderShell('/');
    expect(within(topBar()).getAllByText(NAV.loadingAccount).length).toBeGreaterThan(0);
    expect(within(topBar()).queryByRole('link', { name: NAV.signIn })).not.toBeInTheDocument();
  });

  it('signed in: the menu lists the member links; Moderator and Admin by role', async () => {
    const user = userEvent.setup();
    signInAs(testMember, ['moderator']);
    renderShell('/');
    await user.click(await within(topBar()).findByRole('button', { name: /Account menu: octane/ }));
    const menu = within(screen.getByRole('menu'));
    const names = menu.getAllByRole('menuitem').map((el) => el.textContent);
    expect(names).toEqual(['Dashboard', 'Inbox', 'Moderator', 'Profile', 'Settings', NAV.feedback, NAV.signOut]);
    expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/members/octane');
    expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/account/settings');
  });

  it('administrators also see Admin', async () => {
    const user = userEvent.setup();
    signInAs(testMember, ['Administrator']);
    renderShell('/');
    await user.click(await within(topBar()).findByRole('button', { name: /Account menu/ }));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('the menu works from the keyboard', async () => {
    const user = userEvent.setup();
    signInAs();
    renderShell('/');
    const trigger = await within(topBar()).findByRole('button', { name: /Account menu/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Inbox' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: NAV.signOut })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('Sign Out signs out and returns to /', async () => {
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    signInAs();
    renderShell('/dashboard');
    await user.click(await within(topBar()).findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: NAV.signOut }));
    await vi.waitFor(() => expect(where()).toBe('/'));
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
    expect(within(topBar()).getByRole('link', { name: NAV.signIn })).toBeInTheDocument();
  });
});

describe('footer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('shows the year, the frontend version and the legal links', () => {
    renderShell('/', { ...DEFAULT_CONFIG, ads: 'placeholder' });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(footer.getByText(FOOTER.frontend.replace('{version}', APP_VERSION))).toBeInTheDocument();
    expect(footer.getByRole('link', { name: FOOTER.terms })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: FOOTER.privacy })).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByRole('link', { name: FOOTER.acceptableUse })).toHaveAttribute('href', '/acceptable-use-policy');
    expect(footer.getByRole('note', { name: /Advertisement placeholder/ })).toBeInTheDocument();
    expect(footer.queryByRole('button', { name: FOOTER.checkBackend })).not.toBeInTheDocument();
  });

  it('has no ad slot with ads off', () => {
    renderShell('/');
    expect(
      within(screen.getByRole('contentinfo')).queryByRole('note', { name: /Advertisement/ }),
    ).not.toBeInTheDocument();
  });

  it('Check BE shows the backend version to administrators, or Error', async () => {
    let ok = true;
    mockFetch(() =>
      ok ? json(200, { assemblyInformationalVersion: '0.16.109+abc', assemblyFileVersion: '0.16.109' }) : json(500),
    );
    const user = userEvent.setup();
    signInAs(testMember, ['administrator']);
    renderShell('/');
    const footer = within(screen.getByRole('contentinfo'));
    await user.click(footer.getByRole('button', { name: FOOTER.checkBackend }));
    expect(await footer.findByText(FOOTER.backend.replace('{version}', '0.16.109+abc'))).toBeInTheDocument();
    ok = false;
    await user.click(footer.getByRole('button', { name: FOOTER.checkBackend }));
    expect(await footer.findByText(FOOTER.backendError)).toBeInTheDocument();
  });
});

describe('feedback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('only signed-in members get the button', () => {
    renderShell('/');
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });

  it('submits the text and the page, then closes and clears', async () => {
    const fetch = mockFetch(() => json(201, {}));
    const user = userEvent.setup();
    signInAs();
    renderShell('/cars');
    const open = screen.getByRole('button', { name: 'Send feedback' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Submit Feedback' }));
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Your feedback'), '   ');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Your feedback'), 'Great site');
    expect(dialog.getByText('13/5000')).toBeInTheDocument();
    await user.click(submit);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = fetch.mock.calls.find(([url]) => url === '/api/feedback');
    expect(bodyOf(sent![1]!)).toMatchObject({ content: 'Great site' });
    expect(open).toHaveFocus();

    await user.click(open);
    expect(screen.getByLabelText('Your feedback')).toHaveValue('');
  });

  it('shows the error text, and Escape closes the dialog', async () => {
    mockFetch(() => json(500));
    const user = userEvent.setup();
    signInAs();
    renderShell('/');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await user.type(await screen.findByLabelText('Your feedback'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('server deployed toasts', () => {
  afterEach(() => signOut());

  it('administrators see the version; others the refresh prompt', async () => {
    signInAs(testMember, ['administrator']);
    const first = renderShell('/');
    act(() => realtime.deliver('ServerDeployed', { version: '0.17.0' }));
    expect(await screen.findByText(DEPLOY_TEXT.admin('0.17.0'))).toBeInTheDocument();
    first.unmount();

    signInAs(testMember, []);
    renderShell('/');
    act(() => realtime.deliver('ServerDeployed', { version: '0.17.0' }));
    expect(await screen.findByText(DEPLOY_TEXT.others)).toBeInTheDocument();
  });

  it('an event before the session has loaded waits for the roles', async () => {
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), initialised: false });
    renderShell('/');
    act(() => realtime.deliver('ServerDeployed', { version: '0.18.0' }));
    act(() => signInAs(testMember, ['administrator']));
    expect(await screen.findByText(DEPLOY_TEXT.admin('0.18.0'))).toBeInTheDocument();
    expect(screen.queryByText(DEPLOY_TEXT.others)).not.toBeInTheDocument();
  });
});

describe('build toasts of own plugins', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  const event = (pluginId: number, status: string, id = 70) => ({
    id,
    pluginId,
    pluginName: `Plugin ${pluginId}`,
    status,
    versionString: '1.2',
  });

  it('toasts builds of own plugins anywhere, once per id and status, and ignores the plugins of others', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/plugins/my' ? json(200, [{ id: 5, name: 'Plugin 5' }]) : json(404),
    );
    signInAs();
    renderShell('/cars');
    await vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/plugins/my'));

    act(() => realtime.deliver('SubmissionUpdated', event(9, 'b', 71)));
    act(() => realtime.deliver('SubmissionUpdated', event(5, 'B')));
    act(() => realtime.deliver('SubmissionUpdated', event(5, 'b')));
    expect(
      await screen.findByText(MANAGE_TEXT.buildStarted.replace('{plugin}', 'Plugin 5').replace('{version}', '1.2')),
    ).toBeInTheDocument();
    act(() => realtime.deliver('SubmissionUpdated', event(5, 'p')));
    expect(
      await screen.findByText(MANAGE_TEXT.buildFinished.replace('{plugin}', 'Plugin 5').replace('{version}', '1.2')),
    ).toBeInTheDocument();

    // The foreign plugin was looked up again (it might have been created since), then ignored.
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/plugins/my')).toHaveLength(2));
    expect(
      screen.queryByText(MANAGE_TEXT.buildStarted.replace('{plugin}', 'Plugin 9').replace('{version}', '1.2')),
    ).not.toBeInTheDocument();
    expect(
      screen.getAllByText(MANAGE_TEXT.buildStarted.replace('{plugin}', 'Plugin 5').replace('{version}', '1.2')),
    ).toHaveLength(1);
  });

  it('an event that arrives before the member has loaded waits for the session', async () => {
    mockFetch((url) => (url === '/api/plugins/my' ? json(200, [{ id: 5, name: 'Plugin 5' }]) : json(404)));
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), initialised: false });
    renderShell('/');
    await act(() => import('./member-parts')); // the shell's member-only chunk, loaded for the held session
    act(() => realtime.deliver('SubmissionUpdated', event(5, 'p', 72)));
    act(() => signInAs());
    expect(
      await screen.findByText(MANAGE_TEXT.buildFinished.replace('{plugin}', 'Plugin 5').replace('{version}', '1.2')),
    ).toBeInTheDocument();
  });

  it('signed out: nothing is loaded and nothing is shown', () => {
    const fetch = mockFetch(() => json(200, []));
    signOut();
    renderShell('/');
    act(() => realtime.deliver('SubmissionUpdated', event(5, 'b')));
    expect(fetch).not.toHaveBeenCalled();
    expect(
      screen.queryByText(MANAGE_TEXT.buildStarted.replace('{plugin}', 'Plugin 5').replace('{version}', '1.2')),
    ).not.toBeInTheDocument();
  });
});
