import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { listenLocally, openHubSocket } from './hub-client.js';
import { redisClients } from './redis-clients.js';

/**
 * Two instances of the app on one Redis (each with clients of its own) for a test file, as a deployment with two
 * servers: `a` and `b`, both started with `overrides` before the file's first test (`sameDatabase`: b on a's
 * database). b listens on a local port, and `openOnB` connects a hub socket to it with the given handshake auth;
 * the sockets are disconnected after the file's last test, then the apps closed. Like testAppForFile, the apps
 * answered are filled in by that hook: read them in hooks and tests.
 */
export function redisInstancesForFile(
  overrides: Parameters<typeof startTestApp>[0] = {},
  { sameDatabase = false } = {},
) {
  const { trio, quitAll } = redisClients();
  const a = {} as TestApp;
  const b = {} as TestApp;
  let baseB = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    Object.assign(a, await startTestApp({ ...overrides, redis: await trio() }));
    const database = sameDatabase ? { database: a.ctx.database } : {};
    Object.assign(b, await startTestApp({ ...overrides, redis: await trio(), ...database }));
    baseB = await listenLocally(b);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b.close();
    await a.close();
    await quitAll();
  });
  return { a, b, openOnB: (auth: Record<string, string> = {}) => openHubSocket(baseB, sockets, auth) };
}
