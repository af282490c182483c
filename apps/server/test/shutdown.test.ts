import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';

// The real server process (main.ts, as `npm run dev` runs it) on an embedded database in its own
// DATA_DIR: what SIGTERM does to it, with a request in flight.
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-shutdown-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An existing, migrated embedded database (from the dump the test run made, else made here). */
async function prepareDatabase() {
  const dump = inject('pgliteDump');
  const db = await openDatabase({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined,
  });
  if (!dump) await db.migrate();
  await db.close();
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

it('on SIGTERM stops accepting connections at once, answers the request in flight, closes the database and exits 0', async () => {
  await prepareDatabase();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      APP_VERSION: '0.0.0+shutdown-test',
    },
  });
  child = server;
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

  // The port it listens on (PORT=0: any free one), once the whole server is up.
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m && output.includes('Site running on')) {
        clearInterval(timer);
        resolve(Number(m[1]));
      }
      if (server.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`The server ended before listening:\n${output}`));
      }
    }, 50);
  });

  // A request in flight: its headers are in (so it is routed), half of its body is still to come.
  let slowRequest: http.ClientRequest | undefined;
  const body = JSON.stringify({ username: 'nobody-at-all', password: 'not-the-password' });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    slowRequest = req;
  });
  await new Promise((r) => setTimeout(r, 300));

  const termAt = Date.now();
  server.kill('SIGTERM');
  // New connections are refused while the request is still open.
  let refused = false;
  while (!refused && Date.now() - termAt < 5000) {
    refused = !(await accepts(port));
    if (!refused) await new Promise((r) => setTimeout(r, 25));
  }
  expect(refused, `port ${port} still accepting 5 s after SIGTERM:\n${output}`).toBe(true);
  expect(server.exitCode).toBeNull();

  // The rest of the body: the request is answered as it would have been (wrong credentials), not cut off.
  slowRequest!.end(body.slice(10));
  const res = await answer;
  expect(res.status, res.body).toBeGreaterThanOrEqual(400);
  expect(res.status, res.body).toBeLessThan(500);
  expect(JSON.parse(res.body)).toHaveProperty('message');

  expect(await exited, output).toBe(0);
  expect(Date.now() - termAt).toBeLessThan(10_000);
  expect(output).toContain('SIGTERM: shutting down');
  expect(output).toContain('Shut down');
}, 90_000);
