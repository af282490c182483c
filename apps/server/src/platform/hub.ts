import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { RedisClientType } from 'redis';
import type { FastifyBaseLogger } from 'fastify';

export const HUB_PATH = '/api/hubs/app';

export interface HubPrincipal {
  memberId: number;
  roles: string[];
  /** The session the handshake token belongs to: ending it ends the socket. */
  sessionId?: string;
}

/** The plugin a room is for, or null for another room. */
const pluginOfRoom = (room: string): number | null => (room.startsWith('plugin:') ? Number(room.slice(7)) : null);

export const rooms = {
  member: (id: number) => `member:${id}`,
  role: (name: string) => `role:${name.toLowerCase()}`,
  plugin: (id: number) => `plugin:${id}`,
  session: (id: string) => `session:${id}`,
};

/** Whose real-time connections end: one session's, or every session of a member. */
export type SessionTarget = { sessionId: string } | { memberId: number };

/** What the rest of the server uses to push events; a no-op until a hub is attached. */
export interface Hub {
  toMember(memberId: number, event: string, data: unknown): void;
  toRole(role: string, event: string, data: unknown): void;
  toPlugin(pluginId: number, event: string, data: unknown): void;
  toAll(event: string, data: unknown): void;
  /**
   * Disconnects the sockets of a session that ended (logout, refresh-token reuse, password change,
   * disabled account, impersonation stopped) or of a member whose roles changed, on every instance.
   * The client reconnects with whatever token it still holds and is let in afresh (anonymous without one).
   */
  endSessions(target: SessionTarget): void;
  /**
   * After a change to a plugin, the sockets in its room that may no longer see it leave the room,
   * on every instance; without an id (a change that may touch many plugins, such as a member
   * disabled), every plugin room is re-checked. Never rejects: a check that fails is logged and the
   * socket leaves.
   */
  recheckPlugin(pluginId?: number): Promise<void>;
  /**
   * Checks this instance's signed-in sockets against their sessions and disconnects those whose
   * session no longer holds or whose roles changed where no call to endSessions was made (a session
   * that expired, a role changed from the command line). Run every minute by each instance.
   */
  recheckSessions(): Promise<void>;
  /** Resolves once the room re-checks started so far on this instance are done (tests, shutdown). */
  settled(): Promise<void>;
  /** Real-time clients connected to this instance (0 before the hub is attached). */
  clientCount(): number;
}

export interface HubOptions {
  resolve(token: string): Promise<HubPrincipal | null>;
  /** Whether the caller may follow a plugin's room: the same rule as reading the plugin. */
  canJoinPlugin(principal: HubPrincipal | null, pluginId: number): Promise<boolean>;
  /** The sessions among these ids that still hold, with their member's roles (for recheckSessions). */
  liveSessions?(ids: string[]): Promise<Map<string, string[]>>;
  version: string;
  log: FastifyBaseLogger;
  redis?: { pub: RedisClientType; sub: RedisClientType };
}

/**
 * The adapter publishes every room event to Redis and does not wait for the answer: while Redis is
 * away that promise rejects with nobody to catch it. This publisher logs the failure instead; the
 * event still reaches this instance's own sockets, and other instances miss it (degraded, not down).
 */
function quietPublisher(pub: RedisClientType, log: FastifyBaseLogger): RedisClientType {
  let lastWarn = 0;
  const warn = (err: unknown) => {
    if (Date.now() - lastWarn > 10_000) {
      lastWarn = Date.now();
      log.warn({ err }, 'Real-time event not published to Redis; other instances miss it');
    }
    return 0;
  };
  return new Proxy(pub, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'publish' || prop === 'sPublish' || prop === 'PUBLISH' || prop === 'SPUBLISH') {
        return (...args: unknown[]) => {
          try {
            const out = (value as (...a: unknown[]) => unknown).apply(target, args);
            return out instanceof Promise ? out.catch(warn) : out;
          } catch (err) {
            return Promise.resolve(warn(err));
          }
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

function handshakeToken(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query.access_token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const header = socket.handshake.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return undefined;
}

/**
 * Re-checks a plugin room after the plugin changed: each socket in it, on every instance, stays only
 * if it may still see the plugin (the JoinPlugin rule).
 */
function pluginRoomRechecks(io: Server, opts: HubOptions) {
  const mayStay = (principal: HubPrincipal | null, id: number) =>
    Promise.resolve()
      .then(() => opts.canJoinPlugin(principal, id))
      .catch((err: unknown) => {
        opts.log.warn({ err, pluginId: id }, 'Real-time room re-check failed; the socket leaves');
        return false;
      });

  const running = new Set<Promise<void>>();
  /** fetchSockets asks every instance (through Redis) and answers with a snapshot of their data and rooms. */
  async function recheck(id: number | undefined) {
    const sockets = await (id === undefined ? io.fetchSockets() : io.in(rooms.plugin(id)).fetchSockets());
    // One check per plugin and distinct viewer, not per socket: a busy room is a handful of queries.
    const verdicts = new Map<string, Promise<boolean>>();
    for (const socket of sockets) {
      const principal = (socket.data as { principal?: HubPrincipal | null }).principal ?? null;
      const viewer = principal ? `${principal.memberId}:${principal.roles.join(',')}` : '';
      const ids = id === undefined ? [...socket.rooms].map(pluginOfRoom).filter((n) => n !== null) : [id];
      for (const pluginId of ids) {
        const key = `${pluginId}|${viewer}`;
        let verdict = verdicts.get(key);
        if (!verdict) verdicts.set(key, (verdict = mayStay(principal, pluginId)));
        if (!(await verdict)) socket.leave(rooms.plugin(pluginId));
      }
    }
  }

  return {
    run(id?: number): Promise<void> {
      const run = recheck(id)
        .catch((err: unknown) => opts.log.warn({ err, pluginId: id }, 'Real-time room re-check failed'))
        .finally(() => running.delete(run));
      running.add(run);
      return run;
    },
    async settled() {
      await Promise.all([...running]);
    },
  };
}

/** Sessions are checked this many at a time (one query each). */
const SESSION_CHECK_BATCH = 500;

/** The sockets of this instance whose session ended or whose roles changed are disconnected. */
async function recheckSessions(io: Server, opts: HubOptions): Promise<void> {
  if (!opts.liveSessions) return;
  const bySession = new Map<string, Socket[]>();
  for (const socket of io.of('/').sockets.values()) {
    const sessionId = (socket.data.principal as HubPrincipal | null)?.sessionId;
    if (sessionId) bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket]);
  }
  const ids = [...bySession.keys()];
  for (let i = 0; i < ids.length; i += SESSION_CHECK_BATCH) {
    const batch = ids.slice(i, i + SESSION_CHECK_BATCH);
    const live = await opts.liveSessions(batch);
    for (const id of batch) {
      const roles = live.get(id)?.join(',');
      for (const socket of bySession.get(id) ?? []) {
        const had = [...(socket.data.principal as HubPrincipal).roles].sort().join(',');
        if (roles !== had) socket.disconnect(true);
      }
    }
  }
}

/** Attaches the hub to the HTTP server; with Redis, events cross instances (its adapter is loaded only then). */
export async function attachHub(
  server: HttpServer,
  opts: HubOptions,
): Promise<Hub & { io: Server; close(): Promise<void> }> {
  const createAdapter = opts.redis ? (await import('@socket.io/redis-adapter')).createAdapter : undefined;
  const io = new Server(server, {
    path: HUB_PATH,
    serveClient: false,
    pingInterval: 15_000,
    pingTimeout: 30_000,
    cors: { origin: false },
  });
  if (opts.redis && createAdapter) io.adapter(createAdapter(quietPublisher(opts.redis.pub, opts.log), opts.redis.sub));

  // A socket handler never lets an error escape (a throw in one would end the process): it is logged.
  const guard =
    <A extends unknown[]>(what: string, handler: (...args: A) => unknown) =>
    (...args: A): void => {
      const failed = (err: unknown) => opts.log.warn({ err }, `Real-time ${what} failed`);
      try {
        const out = handler(...args);
        if (out instanceof Promise) out.catch(failed);
      } catch (err) {
        failed(err);
      }
    };
  const settle = (p: Promise<void> | void) => {
    if (p instanceof Promise) p.catch((err: unknown) => opts.log.warn({ err }, 'Real-time room change failed'));
  };

  // Anonymous connections are allowed; a token that does not check out connects anonymously too.
  io.use((socket, next) => {
    const token = (() => {
      try {
        return handshakeToken(socket);
      } catch {
        return undefined;
      }
    })();
    if (!token) {
      socket.data.principal = null;
      return next();
    }
    Promise.resolve()
      .then(() => opts.resolve(token))
      .catch(() => null)
      .then((principal) => {
        socket.data.principal = principal;
        next();
      })
      .catch((err: unknown) => opts.log.warn({ err }, 'Real-time handshake failed'));
  });

  io.on(
    'connection',
    guard('connection', (socket: Socket) => {
      const principal = socket.data.principal as HubPrincipal | null;
      if (principal) {
        if (principal.sessionId) settle(socket.join(rooms.session(principal.sessionId)));
        settle(socket.join(rooms.member(principal.memberId)));
        for (const role of principal.roles) settle(socket.join(rooms.role(role)));
      }
      // A client built from another version than this server learns that a new version is out.
      const clientVersion = (socket.handshake.auth as Record<string, unknown> | undefined)?.version;
      if (typeof clientVersion === 'string' && clientVersion && clientVersion !== opts.version) {
        socket.emit('ServerDeployed', { version: opts.version });
      }
      const pluginId = (v: unknown) => {
        const n = typeof v === 'number' ? v : Number(v);
        return Number.isSafeInteger(n) && n > 0 ? n : null;
      };
      socket.on(
        'JoinPlugin',
        guard('JoinPlugin', async (raw: unknown, ack?: (ok: boolean) => void) => {
          const id = pluginId(raw);
          const answer = (ok: boolean) => {
            if (typeof ack === 'function') ack(ok);
          };
          if (id === null) return answer(false);
          // A failed check (database away) answers false.
          const ok = await Promise.resolve()
            .then(() => opts.canJoinPlugin(principal, id))
            .catch((err: unknown) => {
              opts.log.warn({ err, pluginId: id }, 'JoinPlugin check failed');
              return false;
            });
          if (ok) settle(socket.join(rooms.plugin(id)));
          answer(ok);
        }),
      );
      socket.on(
        'LeavePlugin',
        guard('LeavePlugin', (raw: unknown, ack?: (ok: boolean) => void) => {
          const id = pluginId(raw);
          if (id) settle(socket.leave(rooms.plugin(id)));
          if (typeof ack === 'function') ack(id !== null);
        }),
      );
    }),
  );

  // An event that cannot be sent (a payload that does not serialise) is logged; the caller, often a
  // request whose change is already committed, carries on.
  const send = (what: string, emit: () => void) => {
    try {
      emit();
    } catch (err) {
      opts.log.warn({ err }, `Real-time event ${what} not sent`);
    }
  };

  const rechecks = pluginRoomRechecks(io, opts);

  return {
    io,
    endSessions: (target) =>
      send('endSessions', () => {
        const room = 'sessionId' in target ? rooms.session(target.sessionId) : rooms.member(target.memberId);
        io.in(room).disconnectSockets(true);
      }),
    recheckPlugin: rechecks.run,
    recheckSessions: () => recheckSessions(io, opts),
    settled: rechecks.settled,
    toMember: (id, event, data) => send(event, () => io.to(rooms.member(id)).emit(event, data)),
    toRole: (role, event, data) => send(event, () => io.to(rooms.role(role)).emit(event, data)),
    toPlugin: (id, event, data) => send(event, () => io.to(rooms.plugin(id)).emit(event, data)),
    toAll: (event, data) => send(event, () => io.emit(event, data)),
    clientCount: () => io.engine.clientsCount,
    /** Drops every client; the HTTP server itself is closed by Fastify. */
    async close() {
      await rechecks.settled();
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}

/** The hub as the context holds it: built before the HTTP server listens, forwarding to the one attached then. */
export function lateHub(ref: { current?: Hub }): Hub {
  return {
    toMember: (...a) => ref.current?.toMember(...a),
    toRole: (...a) => ref.current?.toRole(...a),
    toPlugin: (...a) => ref.current?.toPlugin(...a),
    toAll: (...a) => ref.current?.toAll(...a),
    endSessions: (target) => ref.current?.endSessions(target),
    recheckPlugin: async (id) => ref.current?.recheckPlugin(id),
    settled: async () => ref.current?.settled(),
    recheckSessions: async () => ref.current?.recheckSessions(),
    clientCount: () => ref.current?.clientCount() ?? 0,
  };
}
