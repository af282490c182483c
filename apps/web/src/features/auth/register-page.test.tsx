import { AUTH_MESSAGES } from '@bm/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signedOutWithFakeTimers } from '../../test/utils';
import { AUTH_EN } from './auth-text';
import { RegisterPage } from './register-page';

const REGISTER_TEXT = { ...AUTH_EN.register, failed: AUTH_EN.messages.registrationFailed };

function renderRegister() {
  return renderPage(<RegisterPage />, { path: '/register' });
}

const submit = () => screen.getByRole('button', { name: REGISTER_TEXT.submit });

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'octane@example.com') {
  await user.type(screen.getByLabelText(REGISTER_TEXT.username), 'octane');
  await user.type(screen.getByLabelText(REGISTER_TEXT.email), email);
  await user.type(screen.getByLabelText(REGISTER_TEXT.password), 'Secret123!');
  await user.type(screen.getByLabelText(REGISTER_TEXT.confirm), 'Secret123!');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

describe('RegisterPage', () => {
  signedOutWithFakeTimers();

  it('shows the strength meter from 6 characters with the core labels', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    const password = screen.getByLabelText(REGISTER_TEXT.password);
    await user.type(password, 'abcde');
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    await user.type(password, 'f');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Weak');
    await user.clear(password);
    await user.type(password, 'abcdefgh1A');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Good');
    await user.clear(password);
    await user.type(password, 'abcdefghijk1A!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Very Strong');
  });

  it('reports field rules and password match', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await user.type(screen.getByLabelText(REGISTER_TEXT.username), 'ab');
    await user.tab();
    expect(screen.getByText(AUTH_MESSAGES.usernameShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText(REGISTER_TEXT.username), ' c!');
    expect(screen.getByText(AUTH_MESSAGES.usernameChars)).toBeInTheDocument();
    await user.type(screen.getByLabelText(REGISTER_TEXT.password), 'secret1');
    await user.type(screen.getByLabelText(REGISTER_TEXT.confirm), 'secret');
    expect(screen.getByText(AUTH_MESSAGES.passwordsMismatch)).toBeInTheDocument();
    await user.type(screen.getByLabelText(REGISTER_TEXT.confirm), '1');
    expect(screen.getByText(AUTH_MESSAGES.passwordsMatch)).toBeInTheDocument();
  });

  it('renders the bot check shortly after mount', async () => {
    renderRegister();
    expect(screen.queryByTestId('bot-check')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('bot-check')).toHaveAttribute('data-bot-check', 'off');
    expect(screen.queryByText(/verification disabled/i)).not.toBeInTheDocument();
  });

  it('misspelling helper: suggestion, 3 s wait before dismissing, blocks submit until handled', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await fillValid(user, 'octane@gmial.com');

    expect(screen.getByText('Did you mean @gmail.com?')).toBeInTheDocument();
    expect(screen.getByText('You entered @gmial.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use @gmail.com' })).toBeEnabled();
    expect(submit()).toBeDisabled();

    const waiting = screen.getByRole('button', { name: /Wait \ds to proceed/ });
    expect(waiting).toBeDisabled();
    for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    const dismiss = screen.getByRole('button', { name: "I'm sure it's correct" });
    expect(dismiss).toBeEnabled();
    await user.click(dismiss);
    expect(screen.queryByText('Did you mean @gmail.com?')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('the wait counts down from 3 s', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await user.type(screen.getByLabelText(REGISTER_TEXT.email), 'me@hotmial.com');
    expect(screen.getByRole('button', { name: 'Wait 3s to proceed' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Wait 2s to proceed' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Use @hotmail.com' }));
    expect(screen.getByLabelText(REGISTER_TEXT.email)).toHaveValue('me@hotmail.com');
  });

  it('registers and goes to registration-success with email and username', async () => {
    const fetch = mockFetch(() => json(201, { email: 'octane@example.com', username: 'octane' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: REGISTER_TEXT.productUpdates }));
    await user.click(submit());
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/registration-success?email=octane%40example.com&username=octane',
    );
    expect(bodyOf(fetch.mock.calls[0]![1]!)).toEqual({
      username: 'octane',
      email: 'octane@example.com',
      password: 'Secret123!',
      productUpdatesOptIn: true,
      turnstileToken: null,
      locale: 'en',
    });
  });

  it('shows the server message and focuses the username on failure', async () => {
    mockFetch(() => json(409, { message: 'Conflict', errors: { username: ['Username is already taken'] } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Conflict');
    expect(screen.getByLabelText(REGISTER_TEXT.username)).toHaveFocus();
  });

  it('falls back to the generic failure text', async () => {
    mockFetch(() => json(500));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTER_TEXT.failed);
  });
});
