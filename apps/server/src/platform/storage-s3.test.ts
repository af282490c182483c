import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../modules/plugins/test-support.js';
import { createPlugin, publishedPlugin } from '../modules/plugins/test-support.js';
import { plugins } from '../db/schema.js';
import { demoSourceZip } from '../modules/plugins/seed.js';
import { s3Storage, type FileStorage } from './storage.js';

/** An S3-compatible server (s3rver) on a free local port, with a bucket: the S3 driver is tested against it. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-s3-'));
let server: S3rverInstance;
let endpoint: string;
const env = () => ({
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'bm-files',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'bm-files' }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await s3Storage({
      bucket: 'bm-files',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });

  it('puts, gets and deletes objects, and answers null for a missing key', async () => {
    await storage.put('plugins/1/source-a.zip', Buffer.from('zip bytes'));
    expect((await storage.get('plugins/1/source-a.zip'))?.toString()).toBe('zip bytes');
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys).toContain('plugins/1/source-a.zip');
    await storage.delete('plugins/1/source-a.zip');
    expect(await storage.get('plugins/1/source-a.zip')).toBeNull();
    expect(await storage.get('never/was.zip')).toBeNull();
    expect(storage.url('avatars/a.webp')).toBe('/files/avatars/a.webp');
  });

  describe('the site on S3 (STORAGE_DRIVER=s3)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: env() });
    });
    afterAll(async () => {
      await t.close();
    });

    it('serves public files from the bucket at /files/ and private ones only through signed links', async () => {
      const m = await signedInMember(t);
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const avatar = multipart(png, 'me.png', {}, 'image/png');
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/members/me/avatar',
        headers: { ...m.auth, ...avatar.headers },
        payload: avatar.payload,
      });
      expect(up.statusCode).toBe(200);
      const img = await t.app.inject({ method: 'GET', url: up.json().url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      // Nothing was written to the local disk.
      expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);

      const p = await createPlugin(t, m, { name: 'On S3', shortDescription: 'x', description: '' });
      const src = multipart(await demoSourceZip('OnS3'), 'src.zip');
      const sub = await t.app.inject({
        method: 'POST',
        url: `/api/plugins/${p.id}/files/source`,
        headers: { ...m.auth, ...src.headers },
        payload: src.payload,
      });
      expect(sub.statusCode).toBe(201);
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/plugins/my/${p.id}/submissions/${sub.json().submission.submissionId}/source-url`,
        headers: m.auth,
      });
      const url = link.json().url as string;
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const key = new URL(url, 'http://x').searchParams.get('key')!;
      expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    });

    it('sends a counted download to a presigned link of the bucket, whose bytes match the digest', async () => {
      const m = await signedInMember(t);
      const p = await publishedPlugin(t, m, { name: 'Presigned Download' });
      const redirect = await t.app.inject({
        method: 'GET',
        url: `/api/plugins/${p.id}/versions/${p.versionId}/download`,
      });
      expect(redirect.statusCode).toBe(302);
      const location = new URL(redirect.headers.location as string);
      expect(location.origin).toBe(endpoint); // the bucket answers, not the server
      expect(location.searchParams.get('X-Amz-Expires')).toBe('600');
      const res = await fetch(location);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Presigned_Download-1.0.0.zip"');
      const bytes = Buffer.from(await res.arrayBuffer());
      const digest = `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
      expect(redirect.headers['repr-digest']).toBe(digest);
      const [row] = await t.ctx.db.select().from(plugins).where(eq(plugins.id, p.id));
      expect(row!.downloadCount).toBe(1);
    });
  });
});
