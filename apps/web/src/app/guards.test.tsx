import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetAuthState, SIGNED_OUT } from '../lib/auth';
import { fakeToken, LocationProbe, renderRoutes, signInAs, signOut } from '../test/utils';
import { GuestOnly, RequireAuth, RequireStaff } from './guards';
import { SHELL_EN } from './shell/shell-text';

const routes = [
  {
    element: <GuestOnly fallback="/dashboard" />,
    children: [{ path: '/login', element: <h1>Login form</h1> }],
  },
  {
    element: <GuestOnly fallback="/" />,
    children: [{ path: '/forgot-password', element: <h1>Forgot form</h1> }],
  },
  {
    element: <RequireAuth />,
    children: [{ path: '/dashboard/*', element: <h1>Dashboard</h1> }],
  },
  {
    element: <RequireStaff />,
    children: [{ path: '/admin', element: <h1>Admin area</h1> }],
  },
  { path: '*', element: <LocationProbe /> },
];

const location = () => screen.getByTestId('location').textContent;

describe('navigation guards', () => {
  afterEach(() => signOut());

  it('sends anonymous visitors of signed-in routes to /login with the full path as redirect', async () => {
    signOut();
    const { router } = renderRoutes(routes, { path: '/dashboard/plugins?sort=name' });
    expect(await screen.findByRole('heading', { name: 'Login form' })).toBeInTheDocument();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/login');
    expect(new URLSearchParams(search).get('redirect')).toBe('/dashboard/plugins?sort=name');
  });

  it('lets signed-in members through', () => {
    signInAs();
    renderRoutes(routes, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('waits while a stored token is being checked', () => {
    resetAuthState({ ...SIGNED_OUT, token: fakeToken(), initialised: false });
    renderRoutes(routes, { path: '/dashboard' });
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows guest-only pages to anonymous visitors', () => {
    signOut();
    renderRoutes(routes, { path: '/login?redirect=/cars' });
    expect(screen.getByRole('heading', { name: 'Login form' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor to the redirect query when it starts with /', () => {
    signInAs();
    renderRoutes(routes, { path: `/login?redirect=${encodeURIComponent('/cars?search=octane')}` });
    expect(location()).toBe('/cars?search=octane');
  });

  it('ignores a redirect that leaves the site and uses the fallback', () => {
    signInAs();
    renderRoutes(routes, { path: '/login?redirect=https://evil.example' });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('refuses protocol-relative redirects', () => {
    signInAs();
    renderRoutes(routes, { path: '/forgot-password?redirect=//evil.example' });
    expect(location()).toBe('/');
  });

  it('sends signed-in visitors of other guest pages home', () => {
    signInAs();
    renderRoutes(routes, { path: '/forgot-password' });
    expect(location()).toBe('/');
  });

  it('opens /admin for administrators and moderators only', () => {
    signInAs(undefined, ['Moderator']);
    const first = renderRoutes(routes, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
    first.unmount();

    signInAs(undefined, []);
    renderRoutes(routes, { path: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: SHELL_EN.guards.staffHeading })).toBeInTheDocument();
    expect(screen.getByText(SHELL_EN.guards.staffNeedsRole)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin area' })).not.toBeInTheDocument();
  });

  it('sends anonymous visitors of /admin to sign in', () => {
    signOut();
    renderRoutes(routes, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Login form' })).toBeInTheDocument();
  });
});
