/**
 * The redirect query value when it is a path on this site ('/...'), else null.
 * Protocol-relative values ('//host', '/\host') would leave the site, so they are refused.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** /login?redirect=<path> for the page the visitor wanted. */
export function loginPathFor(path: string): string {
  return path && path !== '/login' && !path.startsWith('/login?')
    ? `/login?redirect=${encodeURIComponent(path)}`
    : '/login';
}

/** A numeric id from the address (1 to 9 digits, not 0), or null. */
export function routeId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
