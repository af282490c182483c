import { RECONNECT_MAX_ATTEMPTS } from '@bm/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFERRED_START_MS,
  GROUP_JOINED,
  MAX_ATTEMPTS_WARNING,
  RealtimeClient,
  type HandshakeAuth,
  type SocketLike,
} from './client';

type Listener = (...args: unknown[]) => void;

class FakeSocket implements SocketLike {
  connected = false;
  listeners = new Map<string, Listener[]>();
  any: Array<(event: string, ...args: unknown[]) => void> = [];
  emitted: Array<[string, ...unknown[]]> = [];
  constructor(readonly auth: HandshakeAuth) {}
  connect() {}
  disconnect() {
    this.connected = false;
  }
  on(event: string, l: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), l]);
  }
  onAny(l: (event: string, ...args: unknown[]) => void) {
    this.any.push(l);
  }
  removeAllListeners() {
    this.listeners.clear();
    this.any = [];
  }
  acks: Array<(...args: unknown[]) => void> = [];
  emit(event: string, ...args: unknown[]) {
    // An acknowledgement callback is kept apart: `emitted` holds what goes over the wire.
    const last = args[args.length - 1];
    if (typeof last === 'function') this.acks.push(last as (...a: unknown[]) => void);
    this.emitted.push([event, ...args.filter((a) => typeof a !== 'function')]);
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const l of this.listeners.get(event) ?? []) l(...args);
    if (!['connect', 'disconnect', 'connect_error'].includes(event)) for (const l of this.any) l(event, ...args);
  }
}

let sockets: FakeSocket[];
let token: string | null;
let client: RealtimeClient;
const latest = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'tok';
  client = new RealtimeClient({
    version: '1.2.3',
    getToken: () => token,
    createSocket: (auth) => {
      const s = new FakeSocket(auth());
      sockets.push(s);
      return s;
    },
  });
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('connects with the token and version, and reports its states', () => {
    const states: string[] = [];
    client.subscribeState((s) => states.push(s));
    client.start();
    expect(latest().auth).toEqual({ token: 'tok', version: '1.2.3' });
    latest().fire('connect');
    expect(client.state).toBe('Connected');
    expect(states).toEqual(['Connecting', 'Connected']);
  });

  it('omits the token when signed out', () => {
    token = null;
    client.start();
    expect(latest().auth).toEqual({ version: '1.2.3' });
  });

  it('reconnects on the schedule 0, 1, 2, 5, 10, 30, 60 s then 60 s, and stops after 20 attempts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client.start();
    const expected = [0, 1000, 2000, 5000, 10000, 30000, 60000, ...Array(13).fill(60000)];
    expect(expected).toHaveLength(RECONNECT_MAX_ATTEMPTS);
    for (const delay of expected) {
      const before = sockets.length;
      latest().fire('connect_error', new Error('down'));
      await vi.advanceTimersByTimeAsync(0);
      expect(client.state).toBe('Reconnecting');
      if (delay > 0) {
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(sockets.length).toBe(before);
      }
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets.length).toBe(before + 1);
    }
    latest().fire('connect_error', new Error('down'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets.length).toBe(RECONNECT_MAX_ATTEMPTS + 1);
    expect(client.state).toBe('Disconnected');
    expect(warn).toHaveBeenCalledWith(MAX_ATTEMPTS_WARNING);
  });

  it('resets the attempt counter after a successful connection', async () => {
    client.start();
    for (let i = 0; i < 3; i++) {
      latest().fire('connect_error', new Error('down'));
      await vi.advanceTimersByTimeAsync(5000);
    }
    expect(client.attempt).toBe(3);
    latest().fire('connect');
    expect(client.attempt).toBe(0);
    const before = sockets.length;
    latest().fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.length).toBe(before + 1); // first retry is immediate again
  });

  it('resets the counter and retries at once when the tab becomes visible', async () => {
    client.start();
    for (let i = 0; i < 6; i++) {
      latest().fire('connect_error', new Error('down'));
      await vi.advanceTimersByTimeAsync(30_000);
    }
    latest().fire('connect_error', new Error('down'));
    await vi.advanceTimersByTimeAsync(0);
    const before = sockets.length;
    client.onVisible();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets.length).toBe(before + 1);
    expect(client.attempt).toBe(1);
  });

  it('runs the token check before scheduling a reconnect', async () => {
    const order: string[] = [];
    client.configure({
      beforeReconnect: async () => {
        order.push('check');
      },
    });
    client.start();
    latest().fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(0);
    order.push(`sockets:${sockets.length}`);
    expect(order).toEqual(['check', 'sockets:2']);
  });
});

describe('RealtimeClient: events and plugin groups', () => {
  it('dispatches server events to handlers and re-joins plugin groups after reconnecting', async () => {
    const seen: unknown[] = [];
    client.on('ServerDeployed', (p) => seen.push(p));
    client.joinPlugin(42);
    client.start();
    latest().fire('connect');
    expect(latest().emitted).toContainEqual(['JoinPlugin', 42]);
    latest().fire('ServerDeployed', { version: '2.0.0' });
    expect(seen).toEqual([{ version: '2.0.0' }]);
    latest().fire('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(0);
    latest().fire('connect');
    expect(latest().emitted).toContainEqual(['JoinPlugin', 42]);
    client.leavePlugin(42);
    expect(latest().emitted).toContainEqual(['LeavePlugin', 42]);
  });

  it('stays in a plugin group until every part that joined it has left', () => {
    client.start();
    latest().fire('connect');
    client.joinPlugin(7);
    client.joinPlugin('7');
    expect(latest().emitted.filter(([e]) => e === 'JoinPlugin')).toEqual([['JoinPlugin', 7]]);
    client.leavePlugin(7);
    expect(latest().emitted).not.toContainEqual(['LeavePlugin', 7]);
    client.leavePlugin(7);
    expect(latest().emitted).toContainEqual(['LeavePlugin', 7]);
    client.leavePlugin(7);
    expect(latest().emitted.filter(([e]) => e === 'LeavePlugin')).toHaveLength(1);
  });

  it('restart() replaces the socket with one using the current token', () => {
    client.start();
    latest().fire('connect');
    token = 'new';
    client.restart();
    expect(sockets).toHaveLength(2);
    expect(latest().auth.token).toBe('new');
  });
});

describe('RealtimeClient.startWhenNeeded()', () => {
  it('connects at once for a member', () => {
    client.startWhenNeeded();
    expect(sockets).toHaveLength(1);
  });

  it('keeps a signed-out visitor’s plugin group for the deferred start, then tells the page it joined', async () => {
    token = null;
    client.joinPlugin(5);
    client.startWhenNeeded();
    expect(sockets).toHaveLength(0);
    window.dispatchEvent(new Event('pointerdown'));
    expect(sockets).toHaveLength(1);
    const joined: unknown[] = [];
    client.on(GROUP_JOINED, (id) => joined.push(id));
    latest().fire('connect');
    expect(latest().emitted).toContainEqual(['JoinPlugin', 5]);
    expect(joined).toEqual([]);
    latest().acks[0]!(true);
    expect(joined).toEqual([5]);
  });

  it('does not announce a group the server refused or the page left', () => {
    client.startWhenNeeded();
    client.joinPlugin(6);
    client.joinPlugin(7);
    const joined: unknown[] = [];
    client.on(GROUP_JOINED, (id) => joined.push(id));
    latest().fire('connect');
    latest().acks[0]!(false);
    client.leavePlugin(7);
    latest().acks[1]!(true);
    expect(joined).toEqual([]);
  });

  it('waits for an idle page before connecting a signed-out visitor', async () => {
    token = null;
    client.startWhenNeeded(DEFERRED_START_MS);
    expect(client.state).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(DEFERRED_START_MS - 1);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_001); // the timer, then the idle callback (or its timeout)
    expect(sockets).toHaveLength(1);
    expect(latest().auth).toEqual({ version: '1.2.3' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('connects a signed-out visitor on the first interaction, once', async () => {
    token = null;
    client.startWhenNeeded();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('connects when the visitor signs in meanwhile, not when a plugin page opens', () => {
    token = null;
    client.startWhenNeeded();
    client.restart(); // still signed out: keeps waiting
    expect(sockets).toHaveLength(0);
    token = 'tok';
    client.restart();
    expect(sockets).toHaveLength(1);
    expect(latest().auth.token).toBe('tok');

    const other = new RealtimeClient({
      version: '1',
      getToken: () => null,
      createSocket: (a) => new FakeSocket(a()),
    });
    other.startWhenNeeded();
    expect(other.state).toBe('Disconnected');
    other.joinPlugin(9);
    expect(other.state).toBe('Disconnected');
    window.dispatchEvent(new Event('keydown'));
    expect(other.state).toBe('Connecting');
    other.stop();
  });

  it('stop() cancels a waiting start', async () => {
    token = null;
    client.startWhenNeeded();
    client.stop();
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(0);
  });
});
