/**
 * npm run soak: 200 simulated users through the cluster (nginx in front of three instances, as
 * `npm run cluster` starts it) for SOAK_SECONDS (600). Each user browses, searches, opens plugins,
 * downloads, and one in four signs in, comments, rates and now and then uploads a small source.
 * Every minute it prints requests, status counts and p50/p99 per kind, and each instance's memory
 * (RSS, read every 2 s: the minute's median, least and most). Goal, printed at the end, never asserted: no 5xx, and every instance's memory in the last
 * minute within 10% of the second minute.
 *
 * Settings: SOAK_SECONDS (600), SOAK_USERS (200), SOAK_PORT (3470).
 */
import fs from 'node:fs';
import { ensureMember } from '../src/db/seed.js';
import { openDatabase } from '../src/db/client.js';
import { demoSourceZip } from '../src/modules/plugins/seed.js';
import { startCluster } from './cluster-lib.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const PORT = Number(process.env.SOAK_PORT ?? 3470);
const PASSWORD = 'soak-password-1';
// Each instance's /metrics gives its JavaScript heap beside the RSS read from /proc.
const METRICS_TOKEN = `soak-${Math.random().toString(36).slice(2)}-metrics`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'browse' | 'search' | 'open' | 'download' | 'sign-in' | 'comment' | 'rate' | 'upload';
interface Minute {
  durations: Map<Kind, number[]>;
  statuses: Map<string, number>;
}
const newMinute = (): Minute => ({ durations: new Map(), statuses: new Map() });
let minute = newMinute();
const totals = new Map<string, number>();

/** One request, timed and counted: its status and body text (null when it failed at the network). */
async function timed(kind: Kind, url: string, init: RequestInit = {}): Promise<{ ok: boolean; text: string } | null> {
  const started = performance.now();
  let status = 'network error';
  try {
    const res = await fetch(url, { redirect: 'manual', ...init });
    const text = await res.text();
    status = String(res.status);
    return { ok: res.ok, text };
  } catch {
    return null;
  } finally {
    const list = minute.durations.get(kind) ?? [];
    list.push(performance.now() - started);
    minute.durations.set(kind, list);
    minute.statuses.set(status, (minute.statuses.get(status) ?? 0) + 1);
    totals.set(status, (totals.get(status) ?? 0) + 1);
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const cluster = await startCluster({
  port: PORT,
  env: { SEED_DEMO: 'true', REQUIRE_STAFF_2FA: 'false', RATE_LIMIT_FACTOR: '1000', METRICS_TOKEN },
  log: (line) => console.log(line),
});
const base = cluster.url;
const api = `${base}/api`;
try {
  // Members who sign in, and a plugin of their own for the uploads.
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl });
  const members: Array<{ username: string; token?: string; pluginId?: number }> = [];
  for (let i = 0; i < Math.ceil(USERS / 4); i++) {
    const username = `soak${i}`;
    await ensureMember(database.db, { username, email: `${username}@soak.test`, password: PASSWORD });
    members.push({ username });
  }
  await database.close();
  const list = (await (await fetch(`${api}/plugins?pageSize=50`)).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const ids = list.items.map((p) => p.id);
  const words = list.items.flatMap((p) => p.name.toLowerCase().split(/\s+/)).filter((w) => w.length > 3);
  const source = await demoSourceZip('Soak');

  let running = true;
  const user = async (n: number) => {
    const member = n % 4 === 0 ? members[n / 4] : undefined;
    while (running) {
      try {
        await visit(n, member);
      } catch (err) {
        console.error(`user ${n}: ${String(err)}`); // counted as failed requests already; go on
      }
      await sleep(500 + Math.random() * 1500); // a person reads between clicks
    }
  };
  const visit = async (n: number, member: (typeof members)[number] | undefined) => {
    await timed('browse', `${api}/plugins?page=${1 + Math.floor(Math.random() * 3)}`);
    await timed('search', `${api}/plugins?search=${encodeURIComponent(pick(words))}`);
    const id = pick(ids);
    await timed('open', `${api}/plugins/${id}`);
    if (Math.random() < 0.3) await timed('download', `${api}/plugins/${id}/download`, { method: 'POST' });
    if (member) {
      if (!member.token) {
        const res = await timed('sign-in', `${api}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: member.username, password: PASSWORD }),
        });
        if (res?.ok) member.token = (JSON.parse(res.text) as { token?: string }).token;
      }
      const auth = { authorization: `Bearer ${member.token ?? ''}`, 'content-type': 'application/json' };
      if (Math.random() < 0.2)
        await timed('comment', `${api}/plugins/${id}/comments`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ body: `Soak comment ${n} ${Date.now()}` }),
        });
      if (Math.random() < 0.2)
        await timed('rate', `${api}/plugins/${id}/rating`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ stars: 1 + Math.floor(Math.random() * 5) }),
        });
      if (Math.random() < 0.02) await upload(member, auth.authorization);
    }
  };
  const upload = async (member: { pluginId?: number }, authorization: string) => {
    if (!member.pluginId) {
      const res = await fetch(`${api}/plugins/create`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Soak ${Date.now()}`, shortDescription: 'Soak', description: 'Soak test' }),
      });
      if (!res.ok) return;
      member.pluginId = ((await res.json()) as { id: number }).id;
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(source)], { type: 'application/zip' }), 'source.zip');
    await timed('upload', `${api}/plugins/${member.pluginId}/files/source`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
  };

  // An instance's RSS swings by a third within a minute as its garbage is collected (one reading a
  // minute read 365 MB, then 238 MB a minute later, on the same instance). It is read every 2 s, and a
  // minute's memory is the median of its readings.
  const memory: Array<Map<number, number>> = [];
  const rss = (pid: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  let readings = new Map<number, number[]>();
  let heaps = new Map<number, number[]>();
  const heapOf = async (port: number): Promise<number | null> => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).catch(() => null);
    const text = res?.ok ? await res.text() : '';
    const used = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text);
    return used ? Number(used[1]) / 1024 / 1024 : null;
  };
  const sampler = setInterval(() => {
    for (const i of cluster.instances) {
      try {
        const mb = rss(i.child!.pid!);
        if (readings.has(i.port)) readings.get(i.port)!.push(mb);
        else readings.set(i.port, [mb]);
      } catch {
        // an instance that has exited has no memory to read
      }
      void heapOf(i.port).then((mb) => {
        if (mb === null) return;
        if (heaps.has(i.port)) heaps.get(i.port)!.push(mb);
        else heaps.set(i.port, [mb]);
      });
    }
  }, 2000);
  sampler.unref();
  const median = (list: number[] | undefined) =>
    list?.length
      ? quantile(
          [...list].sort((a, b) => a - b),
          0.5,
        )
      : NaN;
  const heapMemory: Array<Map<number, { median: number; least: number }>> = [];
  const report = (m: number) => {
    const mem = new Map<number, number>();
    const spread: string[] = [];
    for (const [port, list] of readings) {
      const sorted = [...list].sort((a, b) => a - b);
      mem.set(port, quantile(sorted, 0.5));
      spread.push(
        `${port} ${quantile(sorted, 0.5).toFixed(0)} (${sorted[0]!.toFixed(0)}-${sorted.at(-1)!.toFixed(0)})`,
      );
    }
    // The least heap of the minute is what was still alive just after a collection: the figure that
    // grows minute after minute when something leaks (the median also holds garbage not yet collected).
    const heap = new Map([...heaps].map(([port, list]) => [port, { median: median(list), least: Math.min(...list) }]));
    readings = new Map();
    heaps = new Map();
    memory.push(mem);
    heapMemory.push(heap);
    const count = [...minute.statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`\nminute ${m}: ${count} requests, statuses ${JSON.stringify(Object.fromEntries(minute.statuses))}`);
    for (const [kind, list] of minute.durations) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(9)} ${String(sorted.length).padStart(6)}  p50 ${quantile(sorted, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(sorted, 0.99).toFixed(0).padStart(5)} ms`,
      );
    }
    console.log(`  memory (MB, median of the minute's readings, min-max): ${spread.join(', ')}`);
    console.log(
      `  JavaScript heap used (MB, median, least): ${[...heap].map(([p, h]) => `${p} ${h.median.toFixed(0)} (${h.least.toFixed(0)})`).join(', ')}`,
    );
    minute = newMinute();
  };
  console.log(`\n${USERS} users for ${SECONDS} s through ${base}`);
  const users = Array.from({ length: USERS }, (_, n) => user(n));
  const started = Date.now();
  for (let m = 1; Date.now() - started < SECONDS * 1000; m++) {
    await sleep(Math.min(60_000, SECONDS * 1000 - (Date.now() - started)));
    report(m);
  }
  running = false;
  clearInterval(sampler);
  await Promise.all(users);

  const fiveXx = [...totals].filter(([s]) => s.startsWith('5') || s === 'network error');
  console.log(`\nAll requests: ${JSON.stringify(Object.fromEntries(totals))}`);
  console.log(`5xx or failed: ${fiveXx.reduce((n, [, c]) => n + c, 0)} (goal: 0)`);
  if (memory.length >= 3) {
    for (const i of cluster.instances) {
      const second = memory[1]!.get(i.port)!;
      const last = memory[memory.length - 1]!.get(i.port)!;
      const heapSecond = heapMemory[1]!.get(i.port)?.least ?? NaN;
      const heapLast = heapMemory[heapMemory.length - 1]!.get(i.port)?.least ?? NaN;
      console.log(
        `instance ${i.port}: ${second.toFixed(0)} MB in minute 2, ${last.toFixed(0)} MB in the last (medians; ${(((last - second) / second) * 100).toFixed(1)}%; goal: within 10%); least heap used ${heapSecond.toFixed(0)} → ${heapLast.toFixed(0)} MB`,
      );
    }
  } else console.log('Memory goal needs at least 3 minutes (SOAK_SECONDS >= 180).');
} finally {
  await cluster.stop();
}
