import { TOKEN_EXPIRY_SKEW_S, TOKEN_REFRESH_WINDOW_S } from '@bm/core';

export interface TokenClaims {
  sub?: string;
  exp?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
  roles?: string[];
  is_impersonating?: boolean;
}

/**
 * Claims read without verification: the server verifies; the client only needs timings and flags.
 * The payload is the second of three base64url parts, a JSON object; anything else is unreadable.
 */
export function readClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '=')), (c) =>
      c.charCodeAt(0),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Seconds left before exp, or null when the token carries no exp. */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number | null {
  const claims = readClaims(token);
  if (!claims) return 0;
  if (typeof claims.exp !== 'number') return null;
  return claims.exp - nowMs / 1000;
}

/** Expired locally: within 5 s of exp counts as expired; an unreadable token too. */
export function isTokenExpired(token: string, nowMs = Date.now()): boolean {
  const left = secondsUntilExpiry(token, nowMs);
  return left !== null && left <= TOKEN_EXPIRY_SKEW_S;
}

/** Still valid but under 24 h from expiry: time for a background refresh. */
export function tokenNeedsRefresh(token: string, nowMs = Date.now()): boolean {
  const left = secondsUntilExpiry(token, nowMs);
  return left !== null && left > TOKEN_EXPIRY_SKEW_S && left < TOKEN_REFRESH_WINDOW_S;
}
