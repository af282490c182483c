// Roles and token lifetimes: plain values the app shell needs on every page, kept apart from the
// zod schemas in auth.ts so the first page's script carries no schema code.

export const ROLE_NAMES = ['administrator', 'moderator'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export function hasRole(roles: readonly string[], role: RoleName): boolean {
  return roles.some((r) => r.toLowerCase() === role);
}

/** Token lifetimes: keep-me-signed-in 30 days, otherwise 2 days kept only for the browser session. */
export const TOKEN_TTL_REMEMBER_S = 30 * 24 * 3600;
export const TOKEN_TTL_SESSION_S = 2 * 24 * 3600;
export const TOKEN_REFRESH_WINDOW_S = 24 * 3600;
export const TOKEN_EXPIRY_SKEW_S = 5;
export const RESET_TOKEN_TTL_S = 24 * 3600;
export const VERIFY_TOKEN_TTL_S = 7 * 24 * 3600;
export const AVATAR_MAX_BYTES = 500 * 1024;
