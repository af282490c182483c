import { createHmac, timingSafeEqual } from 'node:crypto';

/** The preferences an email's unsubscribe link can turn off. */
export type UnsubscribablePreference = 'inboxNotifications' | 'productUpdates';
const PREFERENCES: readonly UnsubscribablePreference[] = ['inboxNotifications', 'productUpdates'];

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/**
 * A link token that turns one preference of one member off without signing in: the member id and the
 * preference, signed with HMAC-SHA256 under the server's secret. It does not expire, as mail
 * clients may offer the link long after the email arrived (RFC 8058).
 */
export function unsubscribeToken(secret: string, memberId: number, preference: UnsubscribablePreference): string {
  const payload = `${memberId}.${preference}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { memberId: number; preference: UnsubscribablePreference } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, preference, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${preference}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const memberId = Number(id);
  if (!Number.isSafeInteger(memberId) || memberId <= 0) return null;
  if (!PREFERENCES.includes(preference as UnsubscribablePreference)) return null;
  return { memberId, preference: preference as UnsubscribablePreference };
}

export function unsubscribeUrl(
  publicUrl: string,
  secret: string,
  memberId: number,
  preference: UnsubscribablePreference,
): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, memberId, preference))}`;
}

/** RFC 2369 and RFC 8058 headers: mail clients show an unsubscribe button that posts to the link. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
