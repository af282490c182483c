import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { HUB_PATH } from '../src/platform/hub.js';
import type { TestApp } from './harness.js';

/** Makes a test app listen on a free local port (sockets need a real one) and answers its base address. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A connected hub socket; it is kept in `sockets` so that the test file can disconnect them all at the end. */
export function openHubSocket(base: string, sockets: Socket[], auth: Record<string, string> = {}) {
  const s = connect(base, { path: HUB_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  return new Promise<Socket>((resolve, reject) => {
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

/**
 * Hub sockets to a test file's app (call it after testAppForFile): the app listens on a local port from a beforeAll
 * hook, `open` connects a socket with the given handshake auth, and every socket opened is disconnected after the
 * file's last test, before the app closes.
 */
export function hubSocketsForFile(t: TestApp) {
  let base = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    base = await listenLocally(t);
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  return { open: (auth: Record<string, string> = {}) => openHubSocket(base, sockets, auth) };
}

/** The next payload of an event on a socket. */
export const nextEvent = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));
