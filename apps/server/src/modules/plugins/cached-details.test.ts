import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pluginDetailSchema, pluginPageSchema, tagSchema, type Plugin, type Tag } from '@bm/core';
import { z } from 'zod';
import { plugins } from '../../db/schema.js';
import { signedInMember, startTestApp, type TestApp, type Member } from '../../../test/harness.js';
import { png } from '../cars/test-support.js';
import { demoSourceZip } from './seed.js';
import { pluginsChanged } from './caches.js';
import { addTag, createPlugin, multipart, publishedPlugin } from './test-support.js';
import { demoDll } from './demo-dll.js';
import { makeZip } from './zip.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

type Headers = Record<string, string>;

// One app for both parts: the details a server keeps, and the access rule applied to them.
let t: TestApp;
let owner: Member;
let rater: Member;
let other: Member;
let mod: Member;
let admin: Member;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInMember(t);
  rater = await signedInMember(t);
  other = await signedInMember(t);
  mod = await signedInMember(t, ['moderator']);
  admin = await signedInMember(t, ['administrator']);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) => t.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
const ok = async (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) => {
  const res = await call(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};
/** GET /plugins/{id} as the given caller: the plugin, or the status code when it is not shown. */
const read = async (id: number, headers: Headers = {}): Promise<Plugin | number> => {
  const res = await call('GET', `/plugins/${id}`, headers);
  return res.statusCode === 200 ? res.json<Plugin>() : res.statusCode;
};
const shown = async (id: number, headers: Headers = {}) => {
  const p = await read(id, headers);
  if (typeof p === 'number') throw new Error(`GET /plugins/${id} answered ${p}`);
  return p;
};
let counter = 0;
const published = async () =>
  (await publishedPlugin(t, owner, { name: `Kept Plugin ${++counter}`, shortDescription: 'Kept for a while' })).id;

describe('kept plugin details', () => {
  it('serves a plugin again without the database until a write drops it', async () => {
    const id = await published();
    expect((await shown(id)).name).toBe(`Kept Plugin ${counter}`);
    await t.ctx.db.update(plugins).set({ name: 'Changed Behind Its Back' }).where(eq(plugins.id, id));
    expect((await shown(id)).name).toBe(`Kept Plugin ${counter}`);
    pluginsChanged(t.ctx, id);
    expect((await shown(id)).name).toBe('Changed Behind Its Back');
  });

  it('shows edits, tags and the featured flag on the next read', async () => {
    const id = await published();
    await shown(id);
    await ok('PUT', `/plugins/${id}/update`, owner.auth, {
      name: 'Renamed Kept Plugin',
      description: 'A **new** description<script>alert(1)</script> [x](javascript:alert(1))',
    });
    // The description comes rendered with it: raw HTML as text, no unsafe link.
    expect(await shown(id)).toMatchObject({
      name: 'Renamed Kept Plugin',
      description: 'A **new** description<script>alert(1)</script> [x](javascript:alert(1))',
      descriptionHtml:
        '<p>A <strong>new</strong> description&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))</p>\n',
    });

    const tag = await addTag(t, `kept${counter}`, `Kept ${counter}`);
    await ok('PUT', `/plugins/${id}/tags`, owner.auth, { tagIds: [tag.id] });
    expect((await shown(id)).tags.map((x) => x.id)).toEqual([tag.id]);

    expect((await shown(id)).isFeatured).toBe(false);
    await ok('PATCH', `/admin/plugins/${id}/featured`, admin.auth, { isFeatured: true });
    expect((await shown(id)).isFeatured).toBe(true);
    await ok('POST', `/plugins/${id}/pin`, owner.auth, { isPinned: true });
    expect((await shown(id, owner.auth)).isPinned).toBe(true);
  });

  it('shows a new banner, and a new avatar of the author, on the next read', async () => {
    const id = await published();
    expect((await shown(id)).bannerImageUrl).toBeNull();
    const banner = multipart(await png(64, 36), 'banner.png', {}, 'image/png');
    await ok('POST', `/plugins/${id}/files/banner`, { ...owner.auth, ...banner.headers }, banner.payload);
    expect((await shown(id)).bannerImageUrl).toMatch(/\.webp$/);

    expect((await shown(id)).member.avatarUrl).toBeNull();
    const avatar = multipart(await png(64, 64), 'me.png', {}, 'image/png');
    await ok('POST', '/members/me/avatar', { ...owner.auth, ...avatar.headers }, avatar.payload);
    const withAvatar = (await shown(id)).member.avatarUrl;
    expect(withAvatar).toMatch(/\.webp$/);
    await ok('DELETE', '/members/me/avatar', owner.auth);
    expect((await shown(id)).member.avatarUrl).toBeNull();
  });

  it('shows ratings at once, with each viewer their own stars and never another’s', async () => {
    const id = await published();
    expect(await shown(id, rater.auth)).toMatchObject({ averageRating: 0, ratingCount: 0, myStars: null });
    await ok('POST', `/plugins/${id}/rating`, rater.auth, { stars: 5 });
    await ok('POST', `/plugins/${id}/rating`, other.auth, { stars: 2 });
    expect(await shown(id, rater.auth)).toMatchObject({ averageRating: 3.5, ratingCount: 2, myStars: 5 });
    expect(await shown(id, other.auth)).toMatchObject({ averageRating: 3.5, myStars: 2 });
    expect(await shown(id, owner.auth)).toMatchObject({ averageRating: 3.5, myStars: null });
    expect(await shown(id)).toMatchObject({ averageRating: 3.5, myStars: null });
  });

  it('keeps the tags list until it expires', async () => {
    const before = (await ok('GET', '/tags')).json<Tag[]>();
    await addTag(t, `late${counter}`, `Late ${counter}`);
    expect((await ok('GET', '/tags')).json<Tag[]>()).toEqual(before);
    pluginsChanged(t.ctx);
    expect((await ok('GET', '/tags')).json<Tag[]>().map((x) => x.shortName)).toContain(`late${counter}`);
  });
});

describe('kept plugin details under the access rule', () => {
  it('never serves a plugin its owner hid to anyone but the owner and staff, and shows it again when made visible', async () => {
    const id = await published();
    await shown(id);
    await shown(id, other.auth);
    await ok('PUT', `/plugins/${id}/visibility`, owner.auth, { isPubliclyVisible: false, isListed: true });
    expect(await read(id)).toBe(404);
    expect(await read(id, other.auth)).toBe(404);
    expect(await shown(id, owner.auth)).toMatchObject({ isPubliclyVisible: false });
    expect(await shown(id, mod.auth)).toMatchObject({ isPubliclyVisible: false });
    // The owner's and staff's reads kept the hidden plugin: still nobody else sees it.
    expect(await read(id)).toBe(404);
    await ok('PUT', `/plugins/${id}/visibility`, owner.auth, { isPubliclyVisible: true, isListed: true });
    expect(await shown(id)).toMatchObject({ isPubliclyVisible: true });
  });

  it('never serves a plugin a moderator took down, and serves it again once restored', async () => {
    const id = await published();
    await shown(id);
    await ok('POST', `/moderation/reported/${id}/hide-plugin`, mod.auth);
    expect(await read(id)).toBe(404);
    expect(await read(id, other.auth)).toBe(404);
    expect(await shown(id, owner.auth)).toMatchObject({ isActive: false });
    expect(await read(id)).toBe(404);
    await ok('POST', `/moderation/reported/${id}/restore-plugin`, mod.auth);
    expect(await shown(id)).toMatchObject({ isActive: true });
  });

  it('never serves a deleted plugin, not even to its owner', async () => {
    const id = await published();
    await shown(id);
    await shown(id, owner.auth);
    await ok('DELETE', `/plugins/${id}`, owner.auth);
    expect(await read(id)).toBe(404);
    expect(await read(id, owner.auth)).toBe(404);
    expect(await read(id, mod.auth)).toBe(404);
  });

  it('serves a plugin to the public from the moment a moderator approves its first version', async () => {
    const p = await createPlugin(t, owner, {
      name: `Awaiting Plugin ${++counter}`,
      shortDescription: 'Not yet approved',
    });
    expect(await read(p.id)).toBe(404);
    expect(await shown(p.id, owner.auth)).toMatchObject({
      publishedOnce: false,
      versionString: null,
      needsApproval: false,
    });
    const upload = multipart(await demoSourceZip('Awaiting'), 'source.zip', { versionString: '2.0.0' });
    const uploaded = await ok(
      'POST',
      `/plugins/${p.id}/files/source`,
      { ...owner.auth, ...upload.headers },
      upload.payload,
    );
    const submissionId = uploaded.json<{ submission: { submissionId: number } }>().submission.submissionId;
    expect(await shown(p.id, owner.auth)).toMatchObject({ needsApproval: true });
    expect(await read(p.id)).toBe(404);

    const binary = await makeZip([{ name: 'plugins/Awaiting.dll', data: demoDll('Awaiting') }]);
    const form = multipartBody({}, zipPart('binary', binary));
    await ok('POST', `/moderation/plugins/${submissionId}/approve`, { ...mod.auth, ...form.headers }, form.body);
    expect(await shown(p.id)).toMatchObject({ publishedOnce: true, needsApproval: false, versionString: '2.0.0' });
  });

  it('answers anonymous visitors with exactly what the response schemas describe, written once', async () => {
    const id = await published();
    const tag = await addTag(t, `schema${counter}`, `Schema ${counter}`);
    await ok('PUT', `/plugins/${id}/tags`, owner.auth, { tagIds: [tag.id] });
    const checks: Array<[string, z.ZodType]> = [
      [`/plugins/${id}`, pluginDetailSchema],
      ['/plugins', pluginPageSchema],
      ['/plugins?search=kept', pluginPageSchema],
      ['/tags', z.array(tagSchema)],
    ];
    for (const [url, schema] of checks) {
      for (let i = 0; i < 2; i++) {
        const res = await ok('GET', url);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const body = res.json<unknown>();
        // Parsing strips what the schema does not name and fails on what it does not allow: nothing changes.
        expect(schema.parse(body), url).toEqual(body);
      }
    }
  });
});
