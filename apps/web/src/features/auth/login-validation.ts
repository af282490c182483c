import { AUTH_MESSAGES, PASSWORD_MIN } from '@bm/core';

/** Field message for the login username: on blur when empty, at once when only spaces. */
export function loginUsernameError(username: string, touched: boolean): string | null {
  if (username === '') return touched ? AUTH_MESSAGES.usernameRequired : null;
  if (username.trim() === '') return AUTH_MESSAGES.usernameEmpty;
  return null;
}

export function loginPasswordError(password: string, touched: boolean): string | null {
  if (password === '') return touched ? AUTH_MESSAGES.passwordEnter : null;
  if (password.length < PASSWORD_MIN) return touched ? AUTH_MESSAGES.passwordMin : null;
  return null;
}

/** Why the submit button is still disabled (first unmet rule), or null when the form may be sent. */
export function loginBlocker(username: string, password: string, botCheckDone: boolean): string | null {
  if (username.trim() === '') return AUTH_MESSAGES.usernameEnter;
  if (password === '') return AUTH_MESSAGES.passwordEnter;
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordMin;
  if (!botCheckDone) return AUTH_MESSAGES.botCheck;
  return null;
}
