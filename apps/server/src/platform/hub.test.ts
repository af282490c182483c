import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { attachHub, HUB_PATH } from './hub.js';
import { eq } from 'drizzle-orm';
import { signedInMember, startTestApp, type TestApp } from '../../test/harness.js';
import { listenLocally, nextEvent as next, openHubSocket } from '../../test/hub-client.js';
import { plugins } from '../db/schema.js';
import { createPlugin, publishedPlugin } from '../modules/plugins/test-support.js';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ version: { informational: '1.0.0+new', file: '1.0.0.0' } });
  base = await listenLocally(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const open = (auth: Record<string, string> = {}) => openHubSocket(base, sockets, auth);

describe('real-time hub', () => {
  it('accepts anonymous connections and plugin groups', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Room Plugin', shortDescription: 'x', description: '' });
    const s = await open();
    expect(await s.emitWithAck('JoinPlugin', p.id)).toBe(true);
    const got = next<{ id: number }>(s, 'plugin:commentCreated');
    t.ctx.hub.toPlugin(p.id, 'plugin:commentCreated', { id: 1 });
    expect(await got).toEqual({ id: 1 });
    expect(await s.emitWithAck('LeavePlugin', p.id)).toBe(true);
    expect(await s.emitWithAck('JoinPlugin', 'abc')).toBe(false);
    expect(await s.emitWithAck('JoinPlugin', 99_999_999)).toBe(false);
  });

  it('lets only who may see a plugin join its room (hidden, unpublished: the owner and staff)', async () => {
    const owner = await signedInMember(t);
    const stranger = await signedInMember(t);
    const mod = await signedInMember(t, ['moderator']);
    const draft = await createPlugin(t, owner, { name: 'Draft Room', shortDescription: 'x', description: '' });
    const hidden = await publishedPlugin(t, owner, { name: 'Hidden Room', shortDescription: 'x', description: '' });
    await t.ctx.db.update(plugins).set({ isActive: false }).where(eq(plugins.id, hidden.id));
    const anon = await open();
    const s = await open({ token: stranger.token });
    const o = await open({ token: owner.token });
    const m = await open({ token: mod.token });
    for (const id of [draft.id, hidden.id]) {
      expect(await anon.emitWithAck('JoinPlugin', id)).toBe(false);
      expect(await s.emitWithAck('JoinPlugin', id)).toBe(false);
      expect(await o.emitWithAck('JoinPlugin', id)).toBe(true);
      expect(await m.emitWithAck('JoinPlugin', id)).toBe(true);
    }
    let leaked = false;
    anon.on('plugin:commentCreated', () => (leaked = true));
    const ownerGot = next<{ id: number }>(o, 'plugin:commentCreated');
    t.ctx.hub.toPlugin(hidden.id, 'plugin:commentCreated', { id: 2 });
    expect(await ownerGot).toEqual({ id: 2 });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
  });

  it('puts a signed-in member in their own room and their roles rooms', async () => {
    const admin = await signedInMember(t, ['administrator']);
    const other = await signedInMember(t);
    const a = await open({ token: admin.token });
    const o = await open({ token: other.token });
    const forAdmin = next<{ n: number }>(a, 'MailEvent');
    let otherGot = false;
    o.on('MailEvent', () => (otherGot = true));
    t.ctx.hub.toMember(admin.id, 'MailEvent', { n: 1 });
    expect(await forAdmin).toEqual({ n: 1 });
    const forRole = next<{ v: string }>(a, 'RoleEvent');
    t.ctx.hub.toRole('administrator', 'RoleEvent', { v: 'x' });
    expect(await forRole).toEqual({ v: 'x' });
    await new Promise((r) => setTimeout(r, 100));
    expect(otherGot).toBe(false);
  });

  it('tells a client of another version that a new one was deployed', async () => {
    const s = connect(base, {
      path: HUB_PATH,
      auth: { version: '0.9.0+old' },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(s);
    expect(await next<{ version: string }>(s, 'ServerDeployed')).toEqual({ version: '1.0.0+new' });
  });
});

describe('real-time hub handlers', () => {
  it('never let an error escape: a failing token check, room check or payload is logged, not thrown', async () => {
    const warnings: string[] = [];
    const log = { warn: (_: unknown, msg: string) => void warnings.push(msg) } as unknown as FastifyBaseLogger;
    const server = createServer();
    const hub = await attachHub(server, {
      // Both throw at once rather than returning a rejected promise: the worst kind of failure.
      resolve: () => {
        throw new Error('token store away');
      },
      canJoinPlugin: (_principal, id) => {
        if (id === 7) return Promise.resolve(true);
        throw new Error('database away');
      },
      version: '1.0.0',
      log,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const s = connect(url, { path: HUB_PATH, auth: { token: 'any' }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        s.on('connect', resolve);
        s.on('connect_error', reject);
      });
      // The socket connected anonymously; a room check that throws answers false.
      expect(await s.emitWithAck('JoinPlugin', 8)).toBe(false);
      expect(warnings).toContain('JoinPlugin check failed');
      expect(await s.emitWithAck('JoinPlugin', 7)).toBe(true);
      // A payload that cannot be serialised is not sent, and the caller carries on.
      expect(() => hub.toPlugin(7, 'plugin:commentCreated', { n: 1n })).not.toThrow();
      expect(warnings).toContain('Real-time event plugin:commentCreated not sent');
      const got = next<{ n: number }>(s, 'plugin:commentCreated');
      hub.toPlugin(7, 'plugin:commentCreated', { n: 2 });
      expect(await got).toEqual({ n: 2 });
    } finally {
      s.disconnect();
      await hub.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
