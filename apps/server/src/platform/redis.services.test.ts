import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type RedisClientType } from 'redis';
import type { Socket } from 'socket.io-client';
import { signedInMember, startTestApp, type TestApp } from '../../test/harness.js';
import { listenLocally, nextEvent, openHubSocket } from '../../test/hub-client.js';
import { logIn } from '../../test/requests.js';
import { REDIS_URL, redisClients } from '../../test/redis-clients.js';
import { redisInstancesForFile } from '../../test/redis-instances.js';

const { a, b, openOnB } = redisInstancesForFile({
  limits: { login: { ip: { points: 1000, durationS: 60 }, account: { points: 3, durationS: 60 } } },
  env: { RATE_LIMIT_PREFIX: `rl-shared-${Date.now()}-${process.pid}` },
});
/** Clients of the apps a test starts on its own. */
const { trio: redisTrio, quitAll } = redisClients();
afterAll(quitAll);

describe('several instances through Redis', () => {
  it('delivers an event emitted on one instance to a client of another', async () => {
    // The member exists in b's database; the event is addressed by id from a.
    const m = await signedInMember(b);
    const socket = await openOnB({ token: m.token });
    const got = nextEvent(socket, 'SubmissionUpdated');
    // Rooms propagate asynchronously; emit until the client hears it.
    const timer = setInterval(() => a.ctx.hub.toMember(m.id, 'SubmissionUpdated', { id: 1, status: 'p' }), 50);
    try {
      expect(await got).toEqual({ id: 1, status: 'p' });
    } finally {
      clearInterval(timer);
    }
  });

  it('shares rate limits between instances', async () => {
    const username = `shared-limit-${Date.now()}`;
    const attempt = (t: TestApp) => logIn(t.app, { username, password: 'wrong-pass' });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(429);
  });
});

describe('losing Redis', () => {
  it('keeps counting rate limits in memory instead of failing requests', async () => {
    const { RateLimits } = await import('./rate-limit.js');
    const { DEFAULT_LIMITS } = await import('./rate-limit.js');
    const client = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } }) as RedisClientType;
    client.on('error', () => undefined);
    await client.connect();
    const limits = new RateLimits(
      { ...DEFAULT_LIMITS, login: { ip: { points: 100, durationS: 60 }, account: { points: 2, durationS: 60 } } },
      client,
    );
    await limits.consume('login', '10.0.0.1', 'gone-redis');
    await client.disconnect();
    // Redis is gone: the limiter answers from memory, and still limits.
    await expect(limits.consume('login', '10.0.0.1', 'gone-redis')).resolves.toBeUndefined();
    await limits.consume('login', '10.0.0.1', 'gone-redis').catch(() => undefined);
    await expect(limits.consume('login', '10.0.0.1', 'gone-redis')).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('losing Redis for events', () => {
  it("still delivers events to this instance's sockets and keeps serving", async () => {
    const trio = await redisTrio();
    const solo = await startTestApp({ redis: trio });
    const base = await listenLocally(solo);
    const m = await signedInMember(solo);
    const soloSockets: Socket[] = [];
    try {
      const s = await openHubSocket(base, soloSockets, { token: m.token });
      // Redis goes away under the adapter and the rate limiter.
      for (const c of [trio.pub, trio.sub, trio.client]) {
        c.on('error', () => undefined);
        await c.disconnect().catch(() => undefined);
      }
      const got = nextEvent(s, 'SubmissionUpdated');
      solo.ctx.hub.toMember(m.id, 'SubmissionUpdated', { id: 9, status: 'b' });
      expect(await got).toEqual({ id: 9, status: 'b' });
      expect((await logIn(solo.app, m)).statusCode).toBe(200);
    } finally {
      for (const s of soloSockets) s.disconnect();
      await solo.close();
    }
  });
});
