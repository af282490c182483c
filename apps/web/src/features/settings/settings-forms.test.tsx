import { AVATAR_MAX_BYTES } from '@bm/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState } from '../../lib/auth';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut, testMember } from '../../test/utils';
import { avatarFileError } from './avatar-settings';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { SettingsPage } from './settings-page';
import { SETTINGS_EN } from './settings-text';

const M = SETTINGS_EN.messages;
const PW = SETTINGS_EN.password;
const EM = SETTINGS_EN.email;

describe('avatar checks', () => {
  it('accepts PNG, JPG and GIF up to 500KB', () => {
    expect(avatarFileError(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(avatarFileError(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(avatarFileError(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBeNull();
    expect(avatarFileError(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBe(M.avatarType);
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(avatarFileError(big)).toBe(M.avatarTooLarge);
  });
});

describe('ChangePasswordForm', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    signOut();
  });

  async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
    if (current) await user.type(screen.getByLabelText(PW.current), current);
    if (next) await user.type(screen.getByLabelText(PW.next), next);
    if (confirm) await user.type(screen.getByLabelText(PW.confirm), confirm);
    await user.click(screen.getByRole('button', { name: PW.submit }));
  }

  it('checks all fields, the match and the 8-character minimum', async () => {
    const user = userEvent.setup();
    renderPage(<ChangePasswordForm />);
    await fill(user, 'old', '', '');
    expect(screen.getByRole('alert')).toHaveTextContent(M.fillAll);
    await fill(user, '', 'abcdefgh', 'abcdefgX');
    expect(screen.getByRole('alert')).toHaveTextContent(M.newPasswordsMismatch);
    await user.clear(screen.getByLabelText(PW.next));
    await user.clear(screen.getByLabelText(PW.confirm));
    await fill(user, '', 'short', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent(M.newPasswordMin);
  });

  it('on success says so, then signs out and goes to /login after 1.2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockFetch((url) => (url === '/api/auth/change-password' ? json(200, { message: 'ok' }) : json(204)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<ChangePasswordForm />, { path: '/account/settings/security' });
    await fill(user, 'oldpassword', 'newpassword', 'newpassword');
    expect(await screen.findByRole('status')).toHaveTextContent(M.passwordChanged);
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ currentPassword: 'oldpassword', newPassword: 'newpassword' });
    expect(getAuthState().token).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(getAuthState().token).toBeNull();
  });

  it('shows the server message, else the generic failure', async () => {
    mockFetch(() => json(400, { message: 'Current password is incorrect' }));
    const user = userEvent.setup();
    renderPage(<ChangePasswordForm />);
    await fill(user, 'oldpassword', 'newpassword', 'newpassword');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});

describe('Forgot your current password?', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it("mails the reset link to the member's own email and says so", async () => {
    // The Security section also lists sessions and the two-factor state.
    const fetch = mockFetch((url) =>
      url === '/api/auth/sessions'
        ? json(200, [])
        : url === '/api/auth/2fa'
          ? json(200, { totpEnabled: false, recoveryCodesLeft: 0 })
          : json(200, { message: 'If an account exists, a reset link is on its way.' }),
    );
    const user = userEvent.setup();
    renderPage(<SettingsPage />, { path: '/account/settings/security', route: '/account/settings/:section' });
    expect(PW.forgot).toBe('Forgot your current password?');
    await user.click(await screen.findByRole('button', { name: PW.forgot }));
    expect(await screen.findByRole('status')).toHaveTextContent(PW.forgotSent.replace('{email}', testMember.email!));
    const call = fetch.mock.calls.find(([url]) => url === '/api/auth/forgot-password')!;
    expect(bodyOf(call[1]!)).toEqual({ email: testMember.email });
  });

  it('a failure shows the server message, else the forgot-password fallback', async () => {
    mockFetch(() => json(429, { message: 'Too many requests, try again in a minute' }));
    const user = userEvent.setup();
    renderPage(<ChangePasswordForm />);
    await user.click(screen.getByRole('button', { name: PW.forgot }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again in a minute');

    mockFetch(() => json(500, {}));
    await user.click(screen.getByRole('button', { name: PW.forgot }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(M.forgotFailed));
  });
});

describe('ChangeEmailForm', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('validates, then requests the change', async () => {
    const fetch = mockFetch(() => json(200, { message: 'sent' }));
    const user = userEvent.setup();
    renderPage(<ChangeEmailForm />);
    const submit = () => user.click(screen.getByRole('button', { name: EM.submit }));

    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(M.allRequired);

    await user.type(screen.getByLabelText(EM.password), 'secret123');
    await user.type(screen.getByLabelText(EM.newEmail), 'new@example.com');
    await user.type(screen.getByLabelText(EM.repeat), 'other@example.com');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(M.emailsMismatch);

    await user.clear(screen.getByLabelText(EM.repeat));
    await user.type(screen.getByLabelText(EM.repeat), 'new@example.com');
    await submit();
    expect(await screen.findByText(M.emailChangeSent)).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe('/api/account/email-change/request');
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ currentPassword: 'secret123', newEmail: 'new@example.com' });
  });

  it('asks to handle a misspelling warning first', async () => {
    const user = userEvent.setup();
    renderPage(<ChangeEmailForm />);
    await user.type(screen.getByLabelText(EM.password), 'secret123');
    await user.type(screen.getByLabelText(EM.newEmail), 'new@yahooo.com');
    await user.type(screen.getByLabelText(EM.repeat), 'new@yahooo.com');
    await user.click(screen.getByRole('button', { name: EM.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(M.emailWarning);
  });
});

describe('SettingsPage', () => {
  beforeEach(() => signInAs());
  afterEach(() => signOut());

  it('sends an unknown section to account', async () => {
    renderPage(<SettingsPage />, { path: '/account/settings/nope', route: '/account/settings/:section' });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
