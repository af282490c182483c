import { createHmac } from 'node:crypto';

/**
 * Who a view, download or copy is counted for: a member as themselves ('m:<id>'), anyone else as
 * a keyed hash of IP address and user agent ('v:<HMAC-SHA256>'), so no raw address is stored and
 * nobody without the server's secret can tell whose it is.
 */
export function visitorKey(secret: string, memberId: number | null, ip: string, userAgent: string | undefined): string {
  if (memberId !== null) return `m:${memberId}`;
  return `v:${createHmac('sha256', secret)
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex')}`;
}
