import { AUTH_MESSAGES, emailRule, PASSWORD_MIN, usernameRule } from '@bm/core';

function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

/** The registration rules of @bm/core (shared with the server), one message per field. */
export function registerErrors(values: { username: string; email: string; password: string; confirm: string }) {
  return {
    username: firstIssue(usernameRule.safeParse(values.username)),
    email: firstIssue(emailRule.safeParse(values.email)),
    password: values.password.length < PASSWORD_MIN ? AUTH_MESSAGES.passwordMin : null,
    confirm: values.confirm !== values.password || values.confirm === '' ? AUTH_MESSAGES.passwordsMismatch : null,
  };
}
