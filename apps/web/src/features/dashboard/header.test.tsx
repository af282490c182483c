import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import T from '../../locales/en/dashboard';
import { DashboardPage } from './pages';

describe('dashboard header', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    signOut();
    vi.unstubAllGlobals();
  });

  it('opens the create-plugin modal and links to car upload', async () => {
    mockFetch(() => json(404, {}));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: T.uploadCar })).toHaveAttribute('href', '/cars/upload');
    await user.click(screen.getByRole('button', { name: T.createPlugin }));
    const dialog = screen.getByRole('dialog', { name: 'Create Plugin' });
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
