import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState } from '../../lib/auth';
import {
  bodyOf,
  fakeToken,
  json,
  mockFetch,
  renderPage,
  signedOutWithFakeTimers,
  signOut,
  testMember,
} from '../../test/utils';
import { AUTH_EN } from './auth-text';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

const FORGOT_TEXT = { ...AUTH_EN.forgot, failed: AUTH_EN.messages.forgotFailed };
const RESET_TEXT = { ...AUTH_EN.reset, toast: AUTH_EN.messages.resetSuccess };
const VERIFY_TEXT = {
  ...AUTH_EN.verify,
  toast: AUTH_EN.messages.verifyToast,
  success: AUTH_EN.messages.verifySuccess,
  noToken: AUTH_EN.messages.verifyNoToken,
};

describe('ForgotPasswordPage', () => {
  signedOutWithFakeTimers();

  it('checks the address, sends it trimmed, then offers a resend after 60 s', async () => {
    const fetch = mockFetch(() => json(200, { message: 'ok' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(FORGOT_TEXT.email), 'not-an-email');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(FORGOT_TEXT.email));
    await user.type(screen.getByLabelText(FORGOT_TEXT.email), '  me@example.com  ');
    await user.click(screen.getByRole('button', { name: FORGOT_TEXT.submit }));

    expect(await screen.findByRole('heading', { name: FORGOT_TEXT.sentTitle })).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ email: 'me@example.com' });
    expect(screen.getByText(FORGOT_TEXT.expires)).toBeInTheDocument();
    expect(screen.getByText(FORGOT_TEXT.spam)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend in 1:00' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: FORGOT_TEXT.resend })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: FORGOT_TEXT.different }));
    expect(screen.getByLabelText(FORGOT_TEXT.email)).toHaveValue('');
  });

  it('a 429 waits for Retry-After (or 120 s) and shows the server message as a toast', async () => {
    mockFetch(() => json(429, { message: 'Too many requests. Please try again later.' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(FORGOT_TEXT.email), 'me@example.com');
    await user.click(screen.getByRole('button', { name: FORGOT_TEXT.submit }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend in 2:00' })).toBeDisabled();
  });

  it('falls back to its own failure text', async () => {
    mockFetch(() => json(500));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(FORGOT_TEXT.email), 'me@example.com');
    await user.click(screen.getByRole('button', { name: FORGOT_TEXT.submit }));
    expect(await screen.findByText(FORGOT_TEXT.failed)).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it('without a token shows the invalid-link screen', () => {
    renderPage(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: RESET_TEXT.invalidTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RESET_TEXT.requestNew })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: RESET_TEXT.backToSignIn })).toHaveAttribute('href', '/login');
  });

  it('updates the password and offers to sign in', async () => {
    const fetch = mockFetch(() => json(200, { message: 'ok' }));
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    expect(screen.getByText(RESET_TEXT.hint)).toBeInTheDocument();
    await user.type(screen.getByLabelText(RESET_TEXT.newPassword), 'newpass');
    await user.type(screen.getByLabelText(RESET_TEXT.confirm), 'newpass');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.submit }));
    expect(await screen.findByRole('heading', { name: RESET_TEXT.successTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RESET_TEXT.signInNew })).toHaveAttribute('href', '/login');
    expect(await screen.findByText(RESET_TEXT.toast)).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({ token: 'abc', newPassword: 'newpass' });
  });

  it('shows Reset Failed with the server message', async () => {
    mockFetch(() => json(400, { message: 'This link has expired. Please request a new one.' }));
    const user = userEvent.setup();
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText(RESET_TEXT.newPassword), 'newpass');
    await user.type(screen.getByLabelText(RESET_TEXT.confirm), 'newpass');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.submit }));
    expect(await screen.findByRole('heading', { name: RESET_TEXT.failedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired. Please request a new one.');
  });
});

describe('VerifyEmailPage', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    signOut();
  });

  it('says so when there is no token', () => {
    renderPage(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_TEXT.noToken);
    expect(screen.getByRole('link', { name: VERIFY_TEXT.backToLogin })).toBeInTheDocument();
  });

  it('verifies once, signs in for the browser session and goes to the dashboard after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const token = fakeToken();
    const fetch = mockFetch((url) =>
      url === '/api/auth/verify-email' ? json(200, { token, member: testMember }) : json(200, []),
    );
    renderPage(<VerifyEmailPage />, { path: '/verify-email?token=t1' });
    expect(await screen.findByText(VERIFY_TEXT.success)).toBeInTheDocument();
    expect(await screen.findByText(VERIFY_TEXT.toast)).toBeInTheDocument();
    expect(getAuthState()).toMatchObject({ token, rememberMe: false });
    expect(window.sessionStorage.getItem('bm.auth.token')).toBe(token);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(fetch.mock.calls.filter(([u]) => u === '/api/auth/verify-email')).toHaveLength(1);
  });

  it('shows the server message on failure', async () => {
    mockFetch(() => json(400, { message: 'This link is invalid or has already been used.' }));
    renderPage(<VerifyEmailPage />, { path: '/verify-email?token=bad' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has already been used.');
  });
});
