import { createHmac } from 'node:crypto';

/**
 * Who a view, download or copy is counted for, once per item and window: a signed-in member as
 * themselves ('m:<id>', whatever address they come from), anyone else by their address alone
 * ('v:<HMAC-SHA256 of the IP>'). The User-Agent is no part of it: a client changes it at will, and
 * each change would count again. The address is hashed with the server's secret, so no raw address
 * is stored and nobody without the secret can tell whose it is.
 */
export function visitorKey(
  secret: string,
  memberId: number | null,
  ip: string,
  // Still accepted from callers written when it counted, and ignored.
  _userAgent?: string,
): string {
  if (memberId !== null) return `m:${memberId}`;
  return `v:${createHmac('sha256', secret).update(ip).digest('hex')}`;
}
