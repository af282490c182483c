import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { logRequests, SLOW_REQUEST_MS } from './request-log.js';

// What the server logs per request, through its real logger (pino) at debug level.
const lines: Array<{ level: number; msg: string; status?: number; ms?: number }> = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ logger: { level: 'debug', stream } });
});
afterAll(async () => t?.close());

const DEBUG = 20;
const INFO = 30;

it('writes one line per request (method, path, status, time): debug for an ordinary answer', async () => {
  lines.length = 0;
  await t.app.inject({ method: 'GET', url: '/api/health' });
  await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
  const requestLines = lines.filter((l) => l.msg.includes('/api/'));
  expect(requestLines.map((l) => l.msg.replace(/\d+ ms$/, 'N ms'))).toEqual([
    'GET /api/health 200 N ms',
    'GET /api/no-such-thing 404 N ms',
  ]);
  expect(requestLines.every((l) => l.level === DEBUG && typeof l.ms === 'number')).toBe(true);
  // Fastify's own two lines per request are off.
  expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
});

it('at the default level (info) logs only server errors and slow answers', async () => {
  const seen: Array<{ level: number; msg: string }> = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({ write: (c, _e, done) => (seen.push(JSON.parse(String(c))), done()) }),
    },
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequests(app);
  app.get('/fine', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: '/fine' });
  await app.inject({ method: 'GET', url: '/broken' });
  await app.inject({ method: 'GET', url: '/slow' });
  await app.close();
  const requestLines = seen.filter((l) => /^GET \//.test(l.msg));
  expect(requestLines.map((l) => [l.level, l.msg.replace(/\d+ ms$/, 'N ms')])).toEqual([
    [INFO, 'GET /broken 500 N ms'],
    [INFO, 'GET /slow 200 N ms'],
  ]);
});
