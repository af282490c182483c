/**
 * The site as production runs it: nginx in front of three instances sharing the PostgreSQL server,
 * Redis and an S3 bucket (scripts/cluster-lib.ts, the configuration of docs/ops). Everything goes
 * over real HTTP, through nginx or straight to one instance, as players and staff would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { COMMENT_EVENTS } from '@bm/core';
import { startMailbox } from '../test/harness.js';
import { demoBinaryZip, demoSourceZip } from '../src/modules/plugins/seed.js';
import { type Cluster, startCluster } from '../scripts/cluster-lib.js';
import {
  call,
  load,
  nextEvent,
  ok,
  pluginSocket,
  sha256Base64,
  signIn,
  zipForm,
  type Session,
} from './cluster-support.js';

const ADMIN = { username: 'clusteradmin', email: 'admin@cluster.test', password: 'cluster-admin-pass-1' };
let cluster: Cluster;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  cluster = await startCluster({
    port: Number(process.env.CLUSTER_PORT ?? 3450),
    env: {
      SMTP_URL: mailbox.url,
      SEED_DEMO: 'false',
      // The administrator moderates here without two-factor (REQUIRE_STAFF_2FA is on in production).
      REQUIRE_STAFF_2FA: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
  await mailbox?.close();
});

/** Instance i's own address (bypassing nginx). */
const instance = (i: number) => cluster.instances[i]!.url;

describe('three instances behind nginx', () => {
  let author: Session;
  let admin: Session;
  let pluginId: number;
  let versionId: number;

  it('registers and verifies a member, who uploads a source that an administrator approves', async () => {
    const username = 'clusterauthor';
    const email = 'author@cluster.test';
    await ok(
      call(cluster.url, 'POST', '/auth/register', { json: { username, email, password: 'author-pass-123' } }),
      201,
    );
    const deadline = Date.now() + 30_000;
    let link: string | null = null;
    while (!link && Date.now() < deadline) {
      link = mailbox.to(email).find((m) => m.link?.includes('token='))?.link ?? null;
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link, 'the verification mail').toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    await ok(call(cluster.url, 'POST', '/auth/verify-email', { json: { token } }));
    author = await signIn(cluster.url, username, 'author-pass-123');
    admin = await signIn(cluster.url, ADMIN.username, ADMIN.password);

    const plugin = await ok<{ id: number }>(
      call(cluster.url, 'POST', '/plugins/create', {
        session: author,
        json: { name: 'Clustered Plugin', shortDescription: 'Behind nginx', description: 'On three servers' },
      }),
      201,
    );
    pluginId = plugin.id;
    const source = zipForm('file', await demoSourceZip('Clustered'), { versionString: '1.0.0' });
    const uploaded = await ok<{ submission: { submissionId: number } }>(
      call(cluster.url, 'POST', `/plugins/${pluginId}/files/source`, { session: author, form: source }),
      201,
    );
    const binary = zipForm('binary', await demoBinaryZip('Clustered', '1.0.0'));
    await ok(
      call(cluster.url, 'POST', `/moderation/plugins/${uploaded.submission.submissionId}/approve`, {
        session: admin,
        form: binary,
      }),
      204,
    );
    const versions = await ok<Array<{ submissionId: number }>>(
      call(instance(2), 'GET', `/plugins/${pluginId}/versions`),
    );
    versionId = versions[0]!.submissionId;
  });

  it('serves the download through another instance, from the bucket, with the bytes the digest names', async () => {
    for (const i of [0, 1, 2]) {
      const redirect = await call(instance(i), 'GET', `/plugins/${pluginId}/versions/${versionId}/download`);
      expect(redirect.status).toBe(302);
      const location = new URL(redirect.headers.get('location')!);
      expect(location.origin).toBe(cluster.s3Endpoint);
      const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
      expect(redirect.headers.get('repr-digest')).toBe(`sha-256=:${sha256Base64(bytes)}:`);
    }
    const manager = await ok<{ response: { plugins: Record<string, { version: number }> } }>(
      call(cluster.url, 'GET', `/v1/plugins/get/short?pluginids=${pluginId}`),
    );
    expect(manager.response.plugins[String(pluginId)]?.version).toBe(versionId);
  });

  it('delivers a comment posted on one instance to sockets held by the others and through nginx', async () => {
    const onThird = await pluginSocket(instance(2), pluginId, sockets);
    const viaNginx = await pluginSocket(cluster.url, pluginId, sockets);
    const events = [
      nextEvent<{ body: string }>(onThird, COMMENT_EVENTS.created),
      nextEvent<{ body: string }>(viaNginx, COMMENT_EVENTS.created),
    ];
    await ok(
      call(instance(0), 'POST', `/plugins/${pluginId}/comments`, { session: author, json: { body: 'Across servers' } }),
      201,
    );
    for (const e of await Promise.all(events)) expect(e.body).toBe('Across servers');
  });

  it('counts a rate limit across all three instances (Redis)', async () => {
    // 10 wrong passwords per account in 15 minutes; nginx spreads them over the three instances.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(cluster.url, 'POST', '/auth/login', {
        json: { username: 'clusterauthor', password: `wrong-password-${i}` },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // The sign-in of the first test counted too. Counted per instance, 30 attempts would pass.
    const first = statuses.indexOf(429);
    expect(first, statuses.join(' ')).toBeGreaterThanOrEqual(8);
    expect(first, statuses.join(' ')).toBeLessThanOrEqual(10);
    expect(statuses.slice(0, first).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
  });

  it('keeps answering every request while one instance stops under load, and loses no write', async () => {
    const writers = [author, admin];
    let stopLoad!: () => void;
    const until = new Promise<void>((resolve) => (stopLoad = resolve));
    const running = load(cluster.url, pluginId, writers, until);
    await new Promise((r) => setTimeout(r, 2000));
    await cluster.instances[1]!.stop();
    await new Promise((r) => setTimeout(r, 3000));
    stopLoad();
    const figures = await running;
    console.log(
      `Under load while one instance stopped: ${figures.reads} reads, ${figures.writes.length} writes ` +
        `(statuses ${JSON.stringify(countBy(figures.writes.map((w) => w.status)))})`,
    );
    expect(figures.readFailures).toEqual([]);
    expect(figures.writeFailures).toEqual([]);
    expect(figures.reads).toBeGreaterThan(50);
    expect(figures.writes.every((w) => w.status === 201)).toBe(true);
    // Every write answered 201 is stored, read back through the instances left.
    const stored = new Set<string>();
    for (let before: number | null = null, page = 0; page < 50; page++) {
      const query: string = before === null ? '' : `?before=${before}`;
      const batch: Array<{ id: number; body: string }> = await ok(
        call(cluster.url, 'GET', `/plugins/${pluginId}/comments${query}`),
      );
      for (const c of batch) stored.add(c.body);
      if (!batch.length) break;
      before = batch[batch.length - 1]!.id;
    }
    const lost = figures.writes.filter((w) => w.status === 201 && !stored.has(w.body));
    expect(lost).toEqual([]);
    // The two left keep serving.
    for (let i = 0; i < 6; i++) await ok(call(cluster.url, 'GET', `/plugins/${pluginId}`));
  });
});

function countBy(values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
