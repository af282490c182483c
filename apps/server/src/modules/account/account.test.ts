import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES as M, DEFAULT_NOTIFICATION_PREFERENCES } from '@bm/core';
import { feedback, members } from '../../db/schema.js';
import { signedInMember, testAppForFile, type Member } from '../../../test/harness.js';
import { postAs, postFile } from '../../../test/requests.js';

const t = testAppForFile();

/** Uploads `data` as the avatar of `who` (a visitor when null). */
const postAvatar = (who: Member | null, data: Buffer, filename: string, type: string) =>
  postFile(t.app, '/api/members/me/avatar', who, { data, filename, type });
const png = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const fileOf = (url: string) => path.join(t.dataDir, 'files', url.replace(/^\/files\//, ''));

describe('notification settings', () => {
  it('starts from the defaults, saves, and reads back', async () => {
    const m = await signedInMember(t);
    const first = await t.app.inject({ method: 'GET', url: '/api/NotificationSettings/my', headers: m.auth });
    expect(first.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const next = { ...DEFAULT_NOTIFICATION_PREFERENCES, pluginAll: false, productUpdates: true };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/NotificationSettings/my',
      headers: m.auth,
      payload: next,
    });
    expect(put.json()).toEqual(next);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/NotificationSettings/my', headers: m.auth })).json(),
    ).toEqual(next);
  });

  it('refuses anonymous callers and incomplete bodies', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/NotificationSettings/my' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(M.notAuthenticated);
    const m = await signedInMember(t);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/NotificationSettings/my',
      headers: m.auth,
      payload: { pluginAll: true },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toHaveProperty('pluginApproved');
  });
});

describe('avatar', () => {
  it('re-encodes an upload, replaces the old file, and removes it', async () => {
    const m = await signedInMember(t);
    const first = await postAvatar(m, await png(600, 400), 'me.png', 'image/png');
    expect(first.statusCode).toBe(200);
    const url1 = first.json().url as string;
    expect(url1).toMatch(/^\/files\/avatars\/.+\.webp$/);
    const meta = await sharp(fs.readFileSync(fileOf(url1))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await t.app.inject({ method: 'GET', url: url1 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.auth })).json().avatarUrl).toBe(url1);

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const second = await postAvatar(m, gif, 'x.bin', 'application/octet-stream');
    expect(second.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(url1))).toBe(false);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/members/me/avatar', headers: m.auth });
    expect(del.statusCode).toBe(204);
    expect(fs.existsSync(fileOf(second.json().url))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: m.auth })).json().avatarUrl).toBeNull();
  });

  it('refuses files over 500 KB, files that are not images, and anonymous callers', async () => {
    const m = await signedInMember(t);
    const tooBig = await postAvatar(m, Buffer.alloc(501 * 1024, 1), 'big.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(M.avatarTooLarge);
    const notImage = await postAvatar(m, Buffer.from('not an image at all'), 'fake.png', 'image/png');
    expect(notImage.statusCode).toBe(415);
    const json = await postAs(t.app, '/api/members/me/avatar', m, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await postAvatar(null, await png(), 'me.png', 'image/png')).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.avatarKey).toBeNull();
    expect(
      fs.existsSync(path.join(t.dataDir, 'files', 'avatars'))
        ? fs.readdirSync(path.join(t.dataDir, 'files', 'avatars')).filter((f) => f.startsWith(`${m.id}-`))
        : [],
    ).toEqual([]);
  });
});

describe('feedback', () => {
  it('stores feedback from a member with the page it came from', async () => {
    const m = await signedInMember(t);
    const res = await postAs(t.app, '/api/feedback', m, { content: '  Great site  ', url: '/plugins' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row).toMatchObject({ memberId: m.id, content: 'Great site', url: '/plugins' });
  });

  it('refuses empty, too long, or anonymous feedback', async () => {
    const m = await signedInMember(t);
    const empty = await postAs(t.app, '/api/feedback', m, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.feedbackEmpty);
    const long = await postAs(t.app, '/api/feedback', m, { content: 'x'.repeat(5001) });
    expect(long.json().message).toBe(M.feedbackTooLong);
    expect((await postAs(t.app, '/api/feedback', null, { content: 'hi' })).statusCode).toBe(401);
  });
});
