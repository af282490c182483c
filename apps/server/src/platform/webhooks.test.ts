import { describe, expect, it } from 'vitest';
import { verifyWebhook, webhookHeaders, WEBHOOK_HEADERS } from './webhooks.js';
import { SignedUrls } from './signed-urls.js';

const secret = 'a-builder-secret-1234';
const body = JSON.stringify({ status: 'success', submissionId: 4 });

describe('webhook signatures', () => {
  it('accepts a delivery signed now with the secret', () => {
    const h = webhookHeaders(secret, body, 'd-1');
    expect(verifyWebhook(secret, h, body)).toMatchObject({ ok: true, deliveryId: 'd-1' });
  });

  it.each([
    [
      'another secret',
      (_h: Record<string, string>) => [webhookHeaders('another-secret-xyz', body, 'd-1'), body] as const,
    ],
    ['a changed body', (h: Record<string, string>) => [h, body.replace('4', '5')] as const],
    [
      'a changed delivery id',
      (h: Record<string, string>) => [{ ...h, [WEBHOOK_HEADERS.delivery]: 'd-2' }, body] as const,
    ],
    [
      'a changed timestamp',
      (h: Record<string, string>) =>
        [{ ...h, [WEBHOOK_HEADERS.timestamp]: String(Number(h[WEBHOOK_HEADERS.timestamp]) + 1) }, body] as const,
    ],
    ['no signature', (h: Record<string, string>) => [{ ...h, [WEBHOOK_HEADERS.signature]: '' }, body] as const],
    [
      'a malformed signature',
      (h: Record<string, string>) => [{ ...h, [WEBHOOK_HEADERS.signature]: 'sha256=zz' }, body] as const,
    ],
  ])('refuses %s', (_name, forge) => {
    const [headers, sent] = forge(webhookHeaders(secret, body, 'd-1'));
    expect(verifyWebhook(secret, headers, sent).ok).toBe(false);
  });

  it('refuses a delivery older than five minutes, and one from the future', () => {
    const old = webhookHeaders(secret, body, 'd-1', Date.now() - 6 * 60_000);
    expect(verifyWebhook(secret, old, body)).toEqual({ ok: false, reason: 'Delivery is too old or from the future' });
    const future = webhookHeaders(secret, body, 'd-1', Date.now() + 6 * 60_000);
    expect(verifyWebhook(secret, future, body).ok).toBe(false);
    const recent = webhookHeaders(secret, body, 'd-1', Date.now() - 4 * 60_000);
    expect(verifyWebhook(secret, recent, body).ok).toBe(true);
  });
});

describe('signed file links', () => {
  const urls = new SignedUrls('server-secret', 'http://localhost:3000');
  const parse = (p: string) => {
    const q = new URL(p, 'http://x').searchParams;
    return { key: q.get('key')!, exp: Number(q.get('exp')), name: q.get('name')!, sig: q.get('sig')! };
  };

  it('grants the key until it expires', () => {
    const q = parse(urls.path('plugins/1/source-a.zip', { ttlS: 60 }));
    expect(urls.check(q)).toBe('plugins/1/source-a.zip');
    expect(urls.check(q, Date.now() + 61_000)).toBeNull();
  });

  it('refuses another key, name or expiry under the same signature', () => {
    const q = parse(urls.path('plugins/1/source-a.zip', { ttlS: 60, fileName: 'src.zip' }));
    expect(urls.check({ ...q, key: 'plugins/2/source-b.zip' })).toBeNull();
    expect(urls.check({ ...q, name: 'other.zip' })).toBeNull();
    expect(urls.check({ ...q, exp: q.exp + 3600 })).toBeNull();
    expect(new SignedUrls('other-secret', 'http://x').check(q)).toBeNull();
  });

  it('absolute links carry the public origin', () => {
    expect(urls.absolute('k/a.zip', { ttlS: 5 })).toMatch(
      /^http:\/\/localhost:3000\/api\/files\/signed\?key=k%2Fa\.zip&exp=\d+&name=a\.zip&sig=[0-9a-f]{64}$/,
    );
  });
});
