import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem } from '../lib/storage';
import { renderRoutes, signInAs, signOut } from '../test/utils';
import { CHUNK_RELOAD_FLAG, loadWithReload } from './lazy';
import { routes } from './routes';

function open(path: string) {
  return renderRoutes(routes, { path });
}

async function landsOn(path: string, expected: string, heading?: string | RegExp) {
  const { router, unmount } = open(path);
  // Lazy pages compile on first use in tests: give them time on a busy machine.
  if (heading)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 8000 })).toBeInTheDocument();
  await vi.waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected));
  unmount();
}

describe('route table', () => {
  afterEach(() => signOut());

  it('redirects the old plugin and car addresses', async () => {
    await landsOn('/plugins/view/5', '/plugin/5');
    await landsOn('/plugins/12', '/plugin/12');
    await landsOn('/plugin-search/3', '/plugins', 'Plugins');
    await landsOn('/car-search', '/cars', 'Browse Cars');
    await landsOn('/car/44', '/cars/44');
  });

  it('a non-numeric /plugins/:id is not found', async () => {
    await landsOn('/plugins/abc', '/plugins/abc', '404 Page Not Found');
  });

  it('unknown paths show the not-found page with its links', async () => {
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    const suggested = screen.getByRole('navigation', { name: 'Suggested pages' });
    expect([...suggested.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/plugins',
      '/cars',
      '/dashboard',
    ]);
  });

  it('signed-in redirects: dashboard settings, unknown settings section, moderator plugins', async () => {
    signInAs();
    await landsOn('/dashboard/settings', '/account/settings/account', 'Settings');
    await landsOn('/account/settings/whatever', '/account/settings/account', 'Settings');
    signInAs(undefined, ['moderator']);
    await landsOn('/moderator/plugins', '/moderator/pending', 'Moderator');
  });

  it('signed-in pages open at their own address with their heading', async () => {
    signInAs();
    for (const [path, heading] of [
      ['/dashboard', 'Dashboard'],
      ['/mail', 'Inbox'],
      ['/moderator', 'Moderator'],
      ['/cars/upload', 'Upload Car'],
      ['/plugins/new', 'Create Plugin'],
      ['/settings/profile', 'Edit Profile'],
      ['/maps', 'Maps'],
    ] as const) {
      await landsOn(path, path, heading);
    }
  });

  it('anonymous visitors of member pages go to login with the redirect', async () => {
    await landsOn('/mail/hidden', `/login?redirect=${encodeURIComponent('/mail/hidden')}`, 'Welcome Back');
  });

  it('/admin without a staff role says the page needs one', async () => {
    signInAs(undefined, []);
    await landsOn('/admin/members', '/admin/members', 'Admin');
  });
});

describe('lazy chunk reload', () => {
  it('reloads once per session when a chunk fails, then lets the error through', async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    void loadWithReload(failing, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(readItem('session', CHUNK_RELOAD_FLAG)).toBe('1');
    await expect(loadWithReload(failing, reload)).rejects.toThrow('dynamically imported');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes a loaded module through', async () => {
    await expect(loadWithReload(() => Promise.resolve(42), vi.fn())).resolves.toBe(42);
  });
});
