import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../test/harness.js';
import { nextEvent } from '../../test/hub-client.js';
import { redisInstancesForFile } from '../../test/redis-instances.js';
import { publishedPlugin } from '../modules/plugins/test-support.js';

/**
 * Two instances on one database and one Redis: an access change made through one reaches the
 * sockets connected to the other.
 */
const { a, b, openOnB } = redisInstancesForFile({}, { sameDatabase: true });

describe('access changes reach the sockets of every instance', () => {
  it('a logout on one instance disconnects the session’s socket on the other', async () => {
    const m = await signedInMember(a);
    const s = await openOnB({ token: m.token });
    const end = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: m.auth })).statusCode).toBe(204);
    expect(await end).toBe('io server disconnect');
  });

  it('a plugin made private on one instance: the anonymous socket on the other leaves its room', async () => {
    const owner = await signedInMember(a);
    const p = await publishedPlugin(a, owner, { name: 'Two Rooms', shortDescription: 'x', description: '' });
    const anon = await openOnB();
    const own = await openOnB({ token: owner.token });
    for (const s of [anon, own]) expect(await s.emitWithAck('JoinPlugin', p.id)).toBe(true);
    const seen: string[] = [];
    anon.onAny((event: string) => seen.push(event));
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/plugins/${p.id}/visibility`,
      headers: owner.auth,
      payload: { isPubliclyVisible: false, isListed: false },
    });
    expect(res.statusCode).toBe(200);
    // The leave went out through Redis before the comment's event does, and b handles them in order.
    await a.ctx.hub.settled();
    const ownerGot = nextEvent<{ body: string }>(own, 'plugin:commentCreated');
    const posted = await a.app.inject({
      method: 'POST',
      url: `/api/plugins/${p.id}/comments`,
      headers: owner.auth,
      payload: { body: 'Only for me now' },
    });
    expect(posted.statusCode).toBe(201);
    expect((await ownerGot).body).toBe('Only for me now');
    const marker = nextEvent(anon, 'Everyone');
    b.ctx.hub.toAll('Everyone', {});
    await marker;
    expect(seen).not.toContain('plugin:commentCreated');
  });
});
