/** Resend cooldowns by attempt count (1-based): 30, 60, 90, then 120 s. */
export function resendCooldownSeconds(attempt: number): number {
  const steps = [30, 60, 90, 120];
  return steps[Math.min(Math.max(attempt, 1), steps.length) - 1]!;
}
export const DEFAULT_429_WAIT_S = 120;

/** Seconds from a Retry-After header (seconds or an HTTP date), else the default. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number {
  if (header) {
    const n = Number(header);
    if (Number.isFinite(n) && n > 0) return Math.ceil(n);
    const at = Date.parse(header);
    if (!Number.isNaN(at) && at > now) return Math.ceil((at - now) / 1000);
  }
  return DEFAULT_429_WAIT_S;
}

/** A countdown shown as seconds under a minute, else m:ss. */
export function formatCountdown(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Manual reconnect schedule of the real-time connection (ms), by attempt index. */
export const RECONNECT_DELAYS_MS = [0, 1000, 2000, 5000, 10000, 30000, 60000] as const;
export const RECONNECT_MAX_ATTEMPTS = 20;
export function reconnectDelayMs(attempt: number): number | null {
  if (attempt >= RECONNECT_MAX_ATTEMPTS) return null;
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

export const TOAST_DEFAULT_MS = 4000;
export const TOAST_DEPLOY_ADMIN_MS = 8000;
export const TOAST_DEPLOY_OTHERS_MS = 12000;
export const PASSWORD_CHANGE_REDIRECT_MS = 1200;
export const VERIFY_REDIRECT_MS = 1500;
export const API_TIMEOUT_MS = 300000;
