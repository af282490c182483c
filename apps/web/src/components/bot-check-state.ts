// What a bot check reports, apart from the widget (bot-check.tsx), so a form can load the widget only when it shows it.

export interface BotCheckState {
  /** The check counts as complete (a token was issued, or verification is disabled). */
  done: boolean;
  /** Turnstile token to send; null when verification is disabled. */
  token: string | null;
  error: string | null;
}

export const BOT_CHECK_PENDING: BotCheckState = { done: false, token: null, error: null };

export interface BotCheckHandle {
  /** Tokens are single use: reset after each failed submit. */
  reset(): void;
}
