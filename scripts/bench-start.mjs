// npm run bench:start: cold start, idle memory and shutdown of `npm start` on an embedded database.
// The first start creates the database (and builds what is missing); then RUNS restarts are measured:
// spawn -> /api/ready answers 200, the server process's resident memory a few seconds after ready,
// and SIGTERM sent to npm -> the port refuses connections -> npm has exited.
// Figures only: goals are printed next to them, never asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? process.env.PORT ?? 3305);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), `bm-bench-start-${PORT}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every process under pid (its children, theirs...), read from /proc. */
function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const cmdline = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
};

/** Whether a process runs (a zombie waiting for its parent counts as ended). */
function alive(pid) {
  if (pid === undefined) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** CPU time (user + system) a process has used, in ms: what a start costs however busy the machine is. */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server: the process under npm that runs apps/server's main (compiled or TypeScript). */
function serverPid(npmPid) {
  const pids = descendants(npmPid);
  return pids.find((p) => /apps\/server\/(dist|src)\/main\.(js|ts)/.test(cmdline(p))) ?? pids.at(-1);
}

async function ready() {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/ready`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

function accepts() {
  return new Promise((resolve) => {
    const socket = net.connect({ port: PORT, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function once({ measureIdle }) {
  if (await accepts()) throw new Error(`Port ${PORT} is taken: stop what listens there or set BENCH_PORT`);
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  let stderr = '';
  npm.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  let exitCode;
  const exited = new Promise((resolve) =>
    npm.on('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve(performance.now());
    }),
  );
  const deadline = started + 300_000;
  while (!(await ready())) {
    if (exitCode !== undefined) throw new Error(`npm start ended (${exitCode}) before ready:\n${stderr}`);
    if (performance.now() > deadline) throw new Error('Not ready within 5 minutes');
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  const pid = serverPid(npm.pid);
  const cpu = cpuMs(pid);
  let rss;
  if (measureIdle) {
    await sleep(IDLE_MS);
    rss = rssMb(pid);
  }

  const termAt = performance.now();
  npm.kill('SIGTERM');
  let refusedMs;
  let serverGoneMs;
  while (exitCode === undefined || refusedMs === undefined || serverGoneMs === undefined) {
    if (refusedMs === undefined && !(await accepts())) refusedMs = performance.now() - termAt;
    if (serverGoneMs === undefined && !alive(pid)) serverGoneMs = performance.now() - termAt;
    // The goal is 10 s; past 15 s the process is taken to have ignored the signal.
    if (performance.now() - termAt > 15_000) break;
    await sleep(20);
  }
  // Done when npm has exited and the server is gone (a server the signal never reached keeps running: stopped and reported).
  const exitMs =
    exitCode === undefined || serverGoneMs === undefined ? Infinity : Math.max((await exited) - termAt, serverGoneMs);
  const leftover = alive(pid) ? pid : undefined;
  if (leftover) process.kill(leftover, 'SIGKILL');
  if (exitCode === undefined) npm.kill('SIGKILL');
  for (let i = 0; i < 100 && (await accepts()); i++) await sleep(50);
  return { readyMs, cpu, rss, refusedMs: refusedMs ?? Infinity, exitMs, exitCode, leftover, stderr };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never');

const fresh = !fs.existsSync(path.join(dataDir, 'db'));
console.log(
  `Load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log(
  `Data dir ${dataDir} (${fresh ? 'new: the first start creates the database' : 'existing database'}), port ${PORT}`,
);
const first = await once({ measureIdle: false });
console.log(
  `First start (${fresh ? 'creates the database, builds what is missing' : 'builds what is missing'}): ready in ${fmt(first.readyMs)}`,
);

const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = await once({ measureIdle: true });
  runs.push(r);
  console.log(
    `  restart ${i + 1}: ready ${fmt(r.readyMs)} (server CPU ${fmt(r.cpu)}), idle RSS ${r.rss.toFixed(0)} MB, after SIGTERM port closed ${fmt(r.refusedMs)}, all exited ${fmt(r.exitMs)} (code ${r.exitCode})${r.leftover ? `, server ${r.leftover} still running (killed)` : ''}`,
  );
}
const readyMs = runs.map((r) => r.readyMs);
const rss = runs.map((r) => r.rss);
const exits = runs.map((r) => r.exitMs);
const clean = runs.every((r) => r.exitCode === 0 && !r.leftover);
console.log('');
console.log(`Restarts on an existing embedded database (${RUNS}):`);
console.log(`  ready          median ${fmt(median(readyMs))}, max ${fmt(Math.max(...readyMs))}   (goal: within 2 s)`);
console.log(
  `  server CPU     median ${fmt(median(runs.map((r) => r.cpu)))} until ready (wall time above grows with the machine's load)`,
);
console.log(
  `  idle RSS       median ${median(rss).toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB   (goal: at most 250 MB)`,
);
console.log(
  `  SIGTERM->exit  median ${fmt(median(exits))}, max ${fmt(Math.max(...exits))}, ${clean ? 'every exit clean (code 0)' : 'NOT clean'}   (goal: within 10 s, code 0)`,
);
