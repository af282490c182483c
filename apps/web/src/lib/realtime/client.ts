import { reconnectDelayMs } from '@bm/core';

export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

export const HUB_PATH = '/api/hubs/app';
/** How long a signed-out visitor's page waits (then for an idle moment) before the hub connects. */
export const DEFERRED_START_MS = 10_000;
export const MAX_ATTEMPTS_WARNING = 'Max manual reconnect attempts reached';
/**
 * A local event (never sent by the server), delivered with the plugin id when the server has put this
 * connection in a plugin's group: from then on the group's events arrive, so a page refetches what
 * may have changed before (a visitor's page joins late, after its first paint; a reconnect).
 */
export const GROUP_JOINED = 'bm:group-joined';

/** The part of a socket.io client socket this module uses (a fake one in tests). */
export interface SocketLike {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  removeAllListeners(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface HandshakeAuth {
  token?: string;
  version: string;
}

export interface RealtimeOptions {
  version: string;
  /** Token for the handshake, read at every connection attempt (omitted when signed out). */
  getToken?: () => string | null;
  /** Runs after a connection closed and before the reconnect is scheduled (token checks). */
  beforeReconnect?: () => Promise<void> | void;
  createSocket?: (auth: () => HandshakeAuth) => SocketLike;
}

type Handler = (...args: unknown[]) => void;

type SocketFactory = (auth: () => HandshakeAuth) => SocketLike;
let defaultFactory: Promise<SocketFactory> | null = null;

/** The socket.io client is fetched when the first connection opens, not with the first page's script. */
function loadDefaultFactory(): Promise<SocketFactory> {
  defaultFactory ??= import('socket.io-client').then(
    ({ io }): SocketFactory =>
      (auth) =>
        io({
          path: HUB_PATH,
          autoConnect: false,
          // Reconnection is ours (spec schedule), not socket.io's.
          reconnection: false,
          forceNew: true,
          auth: (cb) => cb({ ...auth() }),
        }) as unknown as SocketLike,
    (err: unknown) => {
      defaultFactory = null; // a chunk that failed to load is tried again on the next attempt
      throw err;
    },
  );
  return defaultFactory;
}

/**
 * The real-time connection: one socket, a manual reconnect schedule from @bm/core,
 * event handlers that survive reconnects, and plugin groups re-joined after each connect.
 */
export class RealtimeClient {
  private opts: RealtimeOptions;
  private socket: SocketLike | null = null;
  private current: ConnectionState = 'Disconnected';
  private started = false;
  private attempts = 0;
  private gaveUp = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped whenever a socket is deliberately replaced: stale sockets' events are ignored. */
  private generation = 0;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  /** Plugin groups by id, with how many parts of the page hold each (the detail page, the build toasts). */
  private readonly groups = new Map<number, number>();
  private visibilityHooked = false;
  /** A deferred start is waiting (signed-out visitor on a page that does not use the hub). */
  private deferred: (() => void) | null = null;

  constructor(opts: RealtimeOptions) {
    this.opts = opts;
  }

  configure(patch: Partial<RealtimeOptions>): void {
    this.opts = { ...this.opts, ...patch };
  }

  get state(): ConnectionState {
    return this.current;
  }

  get attempt(): number {
    return this.attempts;
  }

  subscribeState(listener: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Listen to a server event; returns the unsubscribe function. */
  on<T = unknown>(event: string, handler: (payload: T) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.hookVisibility();
    this.attempts = 0;
    this.open();
  }

  /**
   * Starts the hub where and when it is used. Members (inbox, build events) connect at once; a
   * signed-out visitor connects once the page has been idle for `idleMs` or on the first user
   * interaction, whichever comes first, so the spec's new-version notice and a plugin page's live
   * comments still reach visitors without their first visit paying for the socket.io client (the
   * plugin page refetches its comments when its group is joined: GROUP_JOINED). Signing in
   * meanwhile starts it at once.
   */
  startWhenNeeded(idleMs = DEFERRED_START_MS): void {
    if (this.started || this.deferred) return;
    if (this.needed()) {
      this.start();
      return;
    }
    if (typeof window === 'undefined') return;
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    let idleHandle: number | null = null;
    const go = () => {
      if (this.deferred !== go) return;
      this.cancelDeferred();
      this.start();
    };
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idleHandle = window.requestIdleCallback(go, { timeout: 5_000 });
      else go();
    }, idleMs);
    for (const e of events) window.addEventListener(e, go, { once: true, passive: true, capture: true });
    this.cancelDeferredHooks = () => {
      clearTimeout(timer);
      if (idleHandle !== null) window.cancelIdleCallback(idleHandle);
      for (const e of events) window.removeEventListener(e, go, { capture: true });
    };
    this.deferred = go;
  }

  private cancelDeferredHooks: (() => void) | null = null;

  private cancelDeferred(): void {
    this.deferred = null;
    this.cancelDeferredHooks?.();
    this.cancelDeferredHooks = null;
  }

  /** The page uses the hub now: signed in (a visitor's plugin group waits for the deferred start). */
  private needed(): boolean {
    return Boolean(this.opts.getToken?.());
  }

  /** A deferred start runs now if the page came to need the hub. */
  private wakeIfNeeded(): void {
    if (this.deferred && this.needed()) this.deferred();
  }

  stop(): void {
    this.cancelDeferred();
    if (!this.started) return;
    this.started = false;
    this.generation++;
    this.clearTimer();
    this.closeSocket();
    this.setState('Disconnected');
  }

  /** Reconnect now with the current token (after sign-in, sign-out or impersonation). */
  restart(): void {
    if (!this.started) {
      this.wakeIfNeeded(); // signed in while a deferred start waited
      return;
    }
    this.generation++;
    this.clearTimer();
    this.closeSocket();
    this.attempts = 0;
    this.gaveUp = false;
    this.open();
  }

  /** Hand an event to its local handlers (the socket does this; tests and local echoes may too). */
  deliver(event: string, ...args: unknown[]): void {
    for (const h of this.handlers.get(event) ?? []) {
      try {
        h(...args);
      } catch (err) {
        console.error(`Real-time handler for ${event} failed`, err);
      }
    }
  }

  /** Joins the plugin's group; the group is left when every joiner has left it. */
  joinPlugin(pluginId: number | string): void {
    const id = Number(pluginId);
    const holders = this.groups.get(id) ?? 0;
    this.groups.set(id, holders + 1);
    if (holders === 0 && this.socket?.connected) this.join(this.socket, id);
  }

  leavePlugin(pluginId: number | string): void {
    const id = Number(pluginId);
    const holders = this.groups.get(id) ?? 0;
    if (holders > 1) {
      this.groups.set(id, holders - 1);
      return;
    }
    this.groups.delete(id);
    if (holders === 1 && this.socket?.connected) this.socket.emit('LeavePlugin', id);
  }

  private setState(next: ConnectionState): void {
    if (next === this.current) return;
    this.current = next;
    for (const l of this.stateListeners) l(next);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    this.setState('Disconnecting');
    socket.removeAllListeners();
    socket.disconnect();
  }

  private handshake = (): HandshakeAuth => {
    const token = this.opts.getToken?.() ?? null;
    return token ? { token, version: this.opts.version } : { version: this.opts.version };
  };

  private open(): void {
    const gen = this.generation;
    this.setState(this.attempts > 0 ? 'Reconnecting' : 'Connecting');
    if (this.opts.createSocket) {
      this.attach(gen, this.opts.createSocket(this.handshake));
      return;
    }
    loadDefaultFactory().then(
      (create) => {
        if (gen === this.generation && this.started) this.attach(gen, create(this.handshake));
      },
      (err: unknown) => {
        console.error('Real-time client failed to load', err);
        if (gen !== this.generation || !this.started) return;
        this.setState('Disconnected');
        this.schedule();
      },
    );
  }

  /** JoinPlugin, and GROUP_JOINED once the server answers that the group holds this connection. */
  private join(socket: SocketLike, id: number): void {
    const gen = this.generation;
    socket.emit('JoinPlugin', id, (ok: unknown) => {
      if (ok === true && gen === this.generation && this.groups.has(id)) this.deliver(GROUP_JOINED, id);
    });
  }

  private attach(gen: number, socket: SocketLike): void {
    this.socket = socket;
    let closed = false;

    socket.on('connect', () => {
      if (gen !== this.generation) return;
      this.attempts = 0;
      this.gaveUp = false;
      this.setState('Connected');
      for (const id of this.groups.keys()) this.join(socket, id);
    });
    const onClose = () => {
      if (closed || gen !== this.generation) return;
      closed = true;
      void this.handleClose(gen, socket);
    };
    socket.on('disconnect', onClose);
    socket.on('connect_error', onClose);
    socket.onAny((event, ...args) => {
      if (gen === this.generation) this.deliver(event, ...args);
    });
    socket.connect();
  }

  private async handleClose(gen: number, socket: SocketLike): Promise<void> {
    socket.removeAllListeners();
    socket.disconnect();
    if (this.socket === socket) this.socket = null;
    this.setState('Disconnected');
    try {
      await this.opts.beforeReconnect?.();
    } catch (err) {
      console.error('Real-time pre-reconnect check failed', err);
    }
    // A restart (sign-in/out) or stop happened meanwhile: it owns the connection now.
    if (gen !== this.generation || !this.started) return;
    this.schedule();
  }

  private schedule(): void {
    const delay = reconnectDelayMs(this.attempts);
    if (delay === null) {
      this.gaveUp = true;
      this.setState('Disconnected');
      console.warn(MAX_ATTEMPTS_WARNING);
      return;
    }
    this.setState('Reconnecting');
    const gen = this.generation;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (gen !== this.generation || !this.started) return;
      this.attempts++;
      this.open();
    }, delay);
  }

  /** The attempt counter resets when the tab becomes visible; a waiting or stopped reconnect runs at once. */
  onVisible(): void {
    this.attempts = 0;
    if (!this.started) return;
    if (this.timer !== null || this.gaveUp) {
      this.clearTimer();
      this.gaveUp = false;
      this.schedule();
    }
  }

  private hookVisibility(): void {
    if (this.visibilityHooked || typeof document === 'undefined') return;
    this.visibilityHooked = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.onVisible();
    });
  }
}
