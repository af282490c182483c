import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../../test/harness.js';
import { publishedPlugin } from '../modules/plugins/test-support.js';
import { sha256Hex as sha256 } from '../platform/provenance.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The signed link a counted download of a fresh published plugin redirects to, and the whole file. */
async function downloadLink() {
  const owner = await signedInMember(t);
  const p = await publishedPlugin(t, owner, { name: 'Ranged Download' });
  const redirect = await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}/versions/${p.versionId}/download` });
  expect(redirect.statusCode).toBe(302);
  const url = redirect.headers.location as string;
  const whole = await t.app.inject({ method: 'GET', url });
  expect(whole.statusCode).toBe(200);
  return { url, whole: whole.rawPayload, etag: whole.headers.etag as string };
}

describe('a download from local storage (signed link)', () => {
  it('answers 304 on If-None-Match with its strong ETag, the whole file otherwise', async () => {
    const { url, whole, etag } = await downloadLink();
    expect(etag).toBe(`"${sha256(whole)}"`);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"not-it"' } });
    expect(other.statusCode).toBe(200);
    expect(sha256(other.rawPayload)).toBe(sha256(whole));
  });

  it('serves one byte range (206), refuses one past the end (416), and sends all when If-Range names other bytes', async () => {
    const { url, whole, etag } = await downloadLink();
    const size = whole.length;
    const head = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(head.rawPayload.equals(whole.subarray(0, 10))).toBe(true);
    // The digest names the whole representation (RFC 9530), also on a part of it.
    expect(head.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(whole).digest('base64')}:`);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-5', 'if-range': etag } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.subarray(size - 5))).toBe(true);

    const resumed = Buffer.concat([
      (await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } })).rawPayload,
      (await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } })).rawPayload,
    ]);
    expect(resumed.equals(whole)).toBe(true);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${size + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    const changed = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9', 'if-range': '"older"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(size);
  });
});
