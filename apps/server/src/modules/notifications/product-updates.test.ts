import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ProductUpdateAudience,
  type ProductUpdateProgress,
  type ProductUpdateQueued,
} from '@bm/core';
import { members } from '../../db/schema.js';
import { signedInMember, testAppForFile } from '../../../test/harness.js';
import { postAs } from '../../../test/requests.js';
import { NOTICE_BATCH } from './service.js';

const t = testAppForFile();

describe('a product update’s audience and progress', () => {
  it('counts the members it will reach, and reads its batched send from queued to done (administrators only)', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const member = await signedInMember(t);
    const get = <T>(url: string, who = admin) =>
      t.app
        .inject({ method: 'GET', url, headers: who.auth })
        .then((r) => ({ status: r.statusCode, body: r.json<T>() }));

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/product-updates/audience' })).statusCode).toBe(401);
    expect((await get('/api/admin/product-updates/audience', member)).status).toBe(403);
    const before = (await get<ProductUpdateAudience>('/api/admin/product-updates/audience')).body.recipients;
    await t.ctx.db.insert(members).values(
      Array.from({ length: NOTICE_BATCH + 5 }, (_, i) => ({
        username: `aud${i}x${admin.id}`,
        email: `aud${i}x${admin.id}@example.com`,
        passwordHash: 'not-a-hash',
        notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, productUpdates: i % 2 === 0 || i > 10 },
      })),
    );
    const optedIn = NOTICE_BATCH + 5 - 5; // i = 1, 3, 5, 7, 9 opted out
    const audience = await get<ProductUpdateAudience>('/api/admin/product-updates/audience');
    expect(audience).toEqual({ status: 200, body: { recipients: before + optedIn } });

    const queued = await postAs(t.app, '/api/admin/product-updates', admin, {
      subject: 'Progress',
      body: 'In **batches**',
    });
    expect(queued.statusCode).toBe(202);
    const { id, recipients } = queued.json<ProductUpdateQueued>();
    expect(queued.json()).toMatchObject({ queued: true, recipients: before + optedIn });

    const progress = (who = admin) => get<ProductUpdateProgress>(`/api/admin/product-updates/${id}`, who);
    expect((await progress(member)).status).toBe(403);
    expect((await progress()).body).toEqual({ id, recipients, sent: 0, state: 'sending' });

    // One batch at a time: run the first batch job only, then the rest.
    await t.ctx.jobs.kick();
    const after = (await progress()).body;
    expect(after.state === 'done' || after.sent >= Math.min(NOTICE_BATCH, recipients)).toBe(true);
    await t.ctx.jobs.runDue();
    expect((await progress()).body).toEqual({ id, recipients, sent: recipients, state: 'done' });

    const unknown = await get<{ message: string }>('/api/admin/product-updates/00000000-0000-4000-8000-000000000000');
    expect(unknown).toEqual({ status: 404, body: expect.objectContaining({ message: 'Product update not found' }) });
    expect((await get('/api/admin/product-updates/not-a-uuid')).status).toBe(400);
  });
});
