import { AUTH_MESSAGES } from '@bm/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState } from '../../lib/auth';
import { bodyOf, fakeToken, json, mockFetch, renderPage, signOut, testMember } from '../../test/utils';
import { AUTH_EN } from './auth-text';
import { LoginPage } from './login-page';

const LOGIN_TEXT = {
  ...AUTH_EN.login,
  signedIn: AUTH_EN.messages.signedIn,
  invalid: AUTH_EN.messages.invalidCredentials,
};
const EMAIL_STEP_TEXT = AUTH_EN.emailStep;

function renderLogin(path = '/login') {
  return renderPage(<LoginPage />, { path, route: '/login' });
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, username = 'octane', password = 'secret123') {
  await user.type(screen.getByLabelText(LOGIN_TEXT.username), username);
  await user.type(screen.getByLabelText(LOGIN_TEXT.password), password);
}

const submitButton = () => screen.getByRole('button', { name: LOGIN_TEXT.submit });

beforeEach(() => signOut());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  signOut();
});

describe('LoginPage', () => {
  it('validates the fields as the spec says and enables submit only when all rules hold', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(submitButton()).toBeDisabled();
    // With the bot check off on the server, visitors are told nothing about it.
    expect(screen.getByTestId('bot-check')).toHaveAttribute('data-bot-check', 'off');
    expect(screen.getByTestId('bot-check')).not.toBeVisible();
    expect(screen.queryByText(/verification/i)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText(LOGIN_TEXT.username));
    await user.tab();
    expect(screen.getByText(AUTH_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(LOGIN_TEXT.username)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(AUTH_MESSAGES.usernameEnter)).toBeInTheDocument();

    await user.type(screen.getByLabelText(LOGIN_TEXT.username), '   ');
    expect(screen.getByText(AUTH_MESSAGES.usernameEmpty)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(LOGIN_TEXT.username));
    await user.type(screen.getByLabelText(LOGIN_TEXT.username), 'octane');
    expect(screen.getByText(AUTH_MESSAGES.passwordEnter)).toBeInTheDocument();

    await user.type(screen.getByLabelText(LOGIN_TEXT.password), 'abc');
    await user.tab();
    expect(screen.getAllByText(AUTH_MESSAGES.passwordMin).length).toBeGreaterThan(0);
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText(LOGIN_TEXT.password), 'def');
    expect(submitButton()).toBeEnabled();
  });

  it('does not flag a field when its focus is kept by pressing the Forgot? link', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByLabelText(LOGIN_TEXT.username));
    const forgot = screen.getByRole('link', { name: LOGIN_TEXT.forgot });
    await user.pointer({ keys: '[MouseLeft>]', target: forgot });
    expect(screen.getByLabelText(LOGIN_TEXT.username)).toHaveFocus();
    expect(screen.queryByText(AUTH_MESSAGES.usernameRequired)).not.toBeInTheDocument();
  });

  it('keeps me signed in by default, with a 30 days label, and links to Forgot? and register', () => {
    renderLogin();
    const remember = screen.getByLabelText(LOGIN_TEXT.rememberMe);
    expect(remember).toBeChecked();
    expect(LOGIN_TEXT.rememberMe).toMatch(/30 days/);
    expect(screen.getByRole('link', { name: LOGIN_TEXT.forgot })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: LOGIN_TEXT.register })).toHaveAttribute('href', '/register');
  });

  it('signs in, stores the session, toasts and goes to the redirect query', async () => {
    const token = fakeToken();
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/login') return json(200, { token, member: testMember });
      if (url === '/api/roles/my') return json(200, ['moderator']);
      return json(404, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderLogin(`/login?redirect=${encodeURIComponent('/cars?search=x')}`);
    await fillCredentials(user);
    await user.click(submitButton());

    expect(await screen.findByTestId('location')).toHaveTextContent('/cars?search=x');
    expect(await screen.findByText(LOGIN_TEXT.signedIn)).toBeInTheDocument();
    expect(bodyOf(fetch.mock.calls.find(([url]) => url === '/api/auth/login')![1]!)).toEqual({
      username: 'octane',
      password: 'secret123',
      rememberMe: true,
      turnstileToken: null,
    });
    expect(getAuthState()).toMatchObject({ token, member: testMember, roles: ['moderator'], rememberMe: true });
    expect(window.localStorage.getItem('bm.auth.token')).toBe(token);
  });

  it('keeps the token for the browser session only when keep-me-signed-in is off, and falls back to /dashboard', async () => {
    const token = fakeToken();
    mockFetch((url) => (url === '/api/auth/login' ? json(200, { token, member: testMember }) : json(200, [])));
    const user = userEvent.setup();
    renderLogin('/login?redirect=https://evil.example');
    await fillCredentials(user);
    await user.click(screen.getByLabelText(LOGIN_TEXT.rememberMe));
    await user.click(submitButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(window.sessionStorage.getItem('bm.auth.token')).toBe(token);
    expect(window.localStorage.getItem('bm.auth.token')).toBeNull();
  });

  it('shows "Invalid username or password" on bad credentials', async () => {
    mockFetch(() => json(401, { message: 'Invalid username or password', reason: 'InvalidCredentials' }));
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_TEXT.invalid);
    expect(getAuthState().token).toBeNull();
  });
});

describe('LoginPage: the email steps', () => {
  it('moves to the "Add Your Email" step on EmailRequired and sends the address', async () => {
    const fetch = mockFetch((url) => {
      if (url === '/api/auth/login')
        return json(403, { message: 'Email required', reason: 'EmailRequired', currentEmail: null });
      if (url === '/api/auth/provide-email') return json(200, { message: 'sent' });
      return json(404, {});
    });
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: EMAIL_STEP_TEXT.titleRequired })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: EMAIL_STEP_TEXT.sendRequired });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(EMAIL_STEP_TEXT.email), 'octane-at-example');
    await user.tab();
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(EMAIL_STEP_TEXT.email));
    await user.type(screen.getByLabelText(EMAIL_STEP_TEXT.email), 'octane@example.com');
    await user.click(screen.getByRole('button', { name: EMAIL_STEP_TEXT.sendRequired }));

    expect(await screen.findByText(EMAIL_STEP_TEXT.sentTitle)).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/api/auth/provide-email')!;
    expect(bodyOf(call[1]!)).toEqual({ username: 'octane', password: 'secret123', email: 'octane@example.com' });
    expect(screen.getByRole('button', { name: /Resend in 30s/ })).toBeDisabled();
  });

  it('prefills the current email on EmailNotVerified, blocks on a misspelled domain, and Back to Login resets everything', async () => {
    mockFetch((url) =>
      url === '/api/auth/login'
        ? json(403, { message: 'Verify', reason: 'EmailNotVerified', currentEmail: 'octane@gmial.com' })
        : json(200, { message: 'ok' }),
    );
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: EMAIL_STEP_TEXT.titleNotVerified })).toBeInTheDocument();
    expect(screen.getByLabelText(EMAIL_STEP_TEXT.email)).toHaveValue('octane@gmial.com');
    expect(screen.getByText('Did you mean @gmail.com?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EMAIL_STEP_TEXT.sendNotVerified })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Use @gmail.com' }));
    expect(screen.getByLabelText(EMAIL_STEP_TEXT.email)).toHaveValue('octane@gmail.com');
    expect(screen.getByRole('button', { name: EMAIL_STEP_TEXT.sendNotVerified })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: EMAIL_STEP_TEXT.backToLogin }));
    expect(screen.getByRole('heading', { name: LOGIN_TEXT.title })).toBeInTheDocument();
    expect(screen.getByLabelText(LOGIN_TEXT.username)).toHaveValue('');
    expect(screen.getByLabelText(LOGIN_TEXT.password)).toHaveValue('');
  });

  it('resend waits 30, 60, 90 s by attempt, and a 429 uses Retry-After', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let resendStatus = 200;
    mockFetch((url) => {
      if (url === '/api/auth/login')
        return json(403, { message: 'Verify', reason: 'EmailNotVerified', currentEmail: 'a@b.co' });
      if (url === '/api/auth/resend-verification')
        return resendStatus === 429
          ? json(429, { message: 'Too many requests' }, { 'Retry-After': '150' })
          : json(200, { message: 'ok' });
      return json(200, { message: 'ok' });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLogin();
    await fillCredentials(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: EMAIL_STEP_TEXT.sendNotVerified }));
    expect(await screen.findByRole('button', { name: 'Resend in 30s' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await user.click(screen.getByRole('button', { name: EMAIL_STEP_TEXT.resend }));
    expect(await screen.findByRole('button', { name: 'Resend in 1:00' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: EMAIL_STEP_TEXT.resend }));
    expect(await screen.findByRole('button', { name: 'Resend in 1:30' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(90_000));
    resendStatus = 429;
    await user.click(screen.getByRole('button', { name: EMAIL_STEP_TEXT.resend }));
    expect(await screen.findByRole('button', { name: 'Resend in 2:30' })).toBeDisabled();
    expect(within(screen.getByRole('alert')).getByText('Too many requests')).toBeInTheDocument();
  });
});
