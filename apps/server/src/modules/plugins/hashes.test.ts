import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PluginVersion } from '@bm/core';
import { submissions } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from './seed.js';
import { createPlugin, multipart, publishedPlugin } from './test-support.js';
import { sha256Hex as sha256 } from '../../platform/provenance.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Every file of a ZIP with its size and a fresh SHA-256 of its bytes. */
function unpacked(data: Buffer) {
  return new Promise<Array<{ path: string; size: number; sha256: string }>>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: Array<{ path: string; size: number; sha256: string }> = [];
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(e, (err2, stream) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            out.push({ path: e.fileName, size: bytes.length, sha256: sha256(bytes) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    }),
  );
}

/** Follows a version's download link to the ZIP, keeping both answers. */
async function download(url: string) {
  const redirect = await get(url);
  expect(redirect.statusCode).toBe(302);
  const file = await get(String(redirect.headers.location));
  expect(file.statusCode).toBe(200);
  return { redirect, file };
}

const reprDigest = (hex: string) => `sha-256=:${Buffer.from(hex, 'hex').toString('base64')}:`;

describe('SHA-256 of a version', () => {
  it('a binary a moderator attaches answers its hashes in the versions, the manager answer and the download', async () => {
    const owner = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const p = await createPlugin(t, owner, { name: 'Hashed Plugin', shortDescription: 'x', description: 'Hashes' });
    const source = multipart(await demoSourceZip('HashedPlugin'), 'source.zip', { versionString: '1.2.3' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/files/source`,
      headers: { ...owner.auth, ...source.headers },
      payload: source.payload,
    });
    expect(up.statusCode).toBe(201);
    const binary = await demoBinaryZip('HashedPlugin', '1.2.3');
    const form = multipartBody({}, zipPart('binary', binary, 'b.zip'));
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/plugins/${up.json().submission.submissionId}/approve`,
      headers: { ...mod.auth, ...form.headers },
      payload: form.body,
    });
    expect(approve.statusCode).toBe(204);

    const [version] = (await get(`/api/plugins/${p.id}/versions`)).json<PluginVersion[]>();
    const { redirect, file } = await download(version!.binaryDownloadUrl!);
    const fresh = sha256(file.rawPayload);
    expect(file.rawPayload.equals(binary)).toBe(true);
    expect(version!.sha256).toBe(fresh);
    expect(version!.files).toEqual(await unpacked(file.rawPayload));
    expect(version!.files.map((f) => f.path)).toContain('plugins/HashedPlugin.dll');

    const short = (await get(`/api/v1/plugins/get/short?pluginids=${p.id}`)).json().response.plugins;
    expect(short[String(p.id)]).toMatchObject({ version: version!.submissionId, sha256: fresh });

    for (const answer of [redirect, file]) {
      expect(answer.headers['repr-digest']).toBe(reprDigest(fresh));
      expect(answer.headers.etag).toBe(`"${fresh}"`);
    }
  });

  it('a version stored before hashes were kept gets them from its stored file on first read, then keeps them', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Old Version', shortDescription: 'x', description: 'Older' });
    await t.ctx.db
      .update(submissions)
      .set({ binarySha256: null, binaryFiles: null })
      .where(eq(submissions.id, p.versionId));

    const short = (await get(`/api/v1/plugins/get/short?pluginids=${p.id}`)).json().response.plugins;
    const { redirect, file } = await download(`/api/plugins/${p.id}/versions/${p.versionId}/download`);
    const fresh = sha256(file.rawPayload);
    expect(short[String(p.id)].sha256).toBe(fresh);
    expect(redirect.headers['repr-digest']).toBe(reprDigest(fresh));
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, p.versionId));
    expect(row!.binarySha256).toBe(fresh);
    expect(row!.binaryFiles).toEqual(await unpacked(file.rawPayload));
    const [version] = (await get(`/api/plugins/${p.id}/versions`)).json<PluginVersion[]>();
    expect(version).toMatchObject({ sha256: fresh, files: row!.binaryFiles });
  });
});
