// What the cluster test does as a player, an author and a moderator would: over HTTP, through nginx or one instance.
import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export const sha256Base64 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

export interface Session {
  token: string;
  auth: Record<string, string>;
}

export async function call(
  base: string,
  method: string,
  url: string,
  opts: { session?: Session; json?: unknown; form?: FormData } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...opts.session?.auth };
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  return fetch(`${base}/api${url}`, { method, headers, body, redirect: 'manual' });
}

export async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`${r.url}: expected ${status}, got ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function signIn(base: string, username: string, password: string): Promise<Session> {
  const { token } = await ok<{ token: string }>(call(base, 'POST', '/auth/login', { json: { username, password } }));
  return { token, auth: { authorization: `Bearer ${token}` } };
}

export function zipForm(field: string, data: Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(data)], { type: 'application/zip' }), `${field}.zip`);
  return form;
}

/** A hub socket on one address (through nginx, or straight to one instance), in a plugin's room. */
export async function pluginSocket(base: string, pluginId: number, sockets: Socket[]): Promise<Socket> {
  const socket = io(base, { path: '/api/hubs/app', reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = await new Promise<boolean>((resolve) => socket.emit('JoinPlugin', pluginId, resolve));
  if (!joined) throw new Error(`The socket on ${base} could not join plugin ${pluginId}`);
  return socket;
}

export const nextEvent = <T>(socket: Socket, event: string, ms = 15_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No ${event} within ${ms} ms`)), ms);
    socket.once(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });

const WRITES_PER_WRITER = 15;

export interface LoadFigures {
  reads: number;
  readFailures: string[];
  writes: Array<{ body: string; status: number }>;
  writeFailures: string[];
}

/**
 * Reads and writes through nginx from `workers` loops until `until` resolves: every read must be a
 * 200; every write (a comment with a unique body) is recorded with its status, so the test can
 * check that each one answered 201 is stored.
 */
export async function load(
  base: string,
  pluginId: number,
  writers: Session[],
  until: Promise<void>,
  workers = 8,
): Promise<LoadFigures> {
  const figures: LoadFigures = { reads: 0, readFailures: [], writes: [], writeFailures: [] };
  let done = false;
  void until.then(() => (done = true));
  let n = 0;
  const written = writers.map(() => 0);
  const loop = async (w: number) => {
    while (!done) {
      // Within the comment rate limit of each writer (20 in 10 minutes).
      const write = w < writers.length && n++ % 3 === 0 && written[w]! < WRITES_PER_WRITER;
      if (write) written[w]! += 1;
      try {
        if (write) {
          const body = `Load comment ${w}-${n}-${Date.now()}`;
          const res = await call(base, 'POST', `/plugins/${pluginId}/comments`, {
            session: writers[w],
            json: { body },
          });
          await res.arrayBuffer();
          figures.writes.push({ body, status: res.status });
        } else {
          const res = await call(base, 'GET', `/plugins/${pluginId}`);
          await res.arrayBuffer();
          figures.reads += 1;
          if (res.status !== 200) figures.readFailures.push(`GET ${res.status}`);
        }
      } catch (e) {
        (write ? figures.writeFailures : figures.readFailures).push(String(e));
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return figures;
}
