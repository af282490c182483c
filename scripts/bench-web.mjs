// npm run bench:web — what a first visit costs, printed per route.
//
// Starts the site the way `npm start` does (production web build, embedded database with demo data,
// in a temporary data folder), then for /, /plugins, /plugin/{id}, /cars, /cars/{id} and /members/{name}:
//   - JavaScript of a first visit in Debian Chromium (cold cache): how many scripts, their gzip -9
//     size (the budget's unit, computed from the served files) and the bytes actually transferred
//     (the server sends brotli where the browser takes it);
//   - Lighthouse (mobile, the default throttling) performance, accessibility, best practices and SEO,
//     with largest contentful paint, total blocking time and cumulative layout shift.
// Options: --no-lighthouse, --port=N, --routes=/,/plugins, --save=DIR (each Lighthouse report as JSON)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { root } from './lib.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? true]),
);
const PORT = Number(args.port ?? 3400);
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 120;

async function waitReady(child, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server not ready in time');
}

function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-web-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  return { child, dataDir };
}

async function routes() {
  if (args.routes) return String(args.routes).split(',');
  const plugins = await (await fetch(`${BASE}/api/plugins?pageSize=1&sortBy=downloads&sortDir=desc`)).json();
  const plugin = plugins.items[0];
  const cars = await (await fetch(`${BASE}/api/cars?pageSize=1`)).json();
  return [
    '/',
    '/plugins',
    `/plugin/${plugin.id}`,
    '/cars',
    `/cars/${cars.items[0].id}`,
    `/members/${encodeURIComponent(plugin.member?.displayName ?? plugin.author)}`,
  ];
}

const gzipSizes = new Map();
function gzipKb(url) {
  const file = path.join(root, 'apps/web/dist', new URL(url).pathname);
  if (!gzipSizes.has(file))
    gzipSizes.set(file, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0);
  return gzipSizes.get(file) / 1024;
}

async function scriptsOf(browser, route) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const scripts = [];
  let loadedAt = Infinity;
  page.on('load', () => (loadedAt = Date.now()));
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script') return;
    const finishedAt = Date.now();
    const sizes = await req.sizes().catch(() => null);
    scripts.push({ url: req.url(), transferred: sizes?.responseBodySize ?? 0, finishedAt });
  });
  await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await context.close();
  const own = scripts.filter((s) => s.url.startsWith(BASE));
  if (args.verbose)
    for (const s of own)
      console.log(`  ${route} ${gzipKb(s.url).toFixed(1).padStart(6)} KB  ${new URL(s.url).pathname}`);
  const beforeLoad = own.filter((s) => s.finishedAt <= loadedAt);
  return {
    count: own.length,
    loadKb: beforeLoad.reduce((n, s) => n + gzipKb(s.url), 0),
    gzipKb: own.reduce((n, s) => n + gzipKb(s.url), 0),
    transferredKb: own.reduce((n, s) => n + s.transferred, 0) / 1024,
  };
}

async function lighthouseOf(url) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories: c, audits: a, runtimeError } = result.lhr;
    if (args.save) {
      fs.mkdirSync(String(args.save), { recursive: true });
      fs.writeFileSync(
        path.join(String(args.save), `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}.json`),
        JSON.stringify(result.lhr),
      );
    }
    // A run Lighthouse could not finish scores 0: say why instead of printing the zeros as a result.
    if (runtimeError) console.log(`${url}: Lighthouse failed: ${runtimeError.code} ${runtimeError.message ?? ''}`);
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: (a['largest-contentful-paint']?.numericValue ?? 0) / 1000,
      tbt: a['total-blocking-time']?.numericValue ?? 0,
      cls: a['cumulative-layout-shift']?.numericValue ?? 0,
      failing: Object.values(a)
        .filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode === 'binary')
        .map((x) =>
          args.verbose ? `${x.id} ${JSON.stringify(x.details?.items?.slice(0, 3) ?? []).slice(0, 600)}` : x.id,
        ),
    };
  } finally {
    await chrome.kill();
  }
}

const { child, dataDir } = startServer();
const stop = () => {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
try {
  await waitReady(child);
  const list = await routes();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  for (const route of list) rows.push({ route, js: await scriptsOf(browser, route) });
  await browser.close();
  if (args.lighthouse !== 'false' && !args['no-lighthouse']) {
    for (const row of rows) row.lh = await lighthouseOf(`${BASE}${row.route}`);
  }
  console.log(
    `\nFirst visit (cold cache, 390 px), JavaScript in KB gzip -9, budget ${BUDGET_KB} KB for the visit. 'shell': scripts`,
  );
  console.log(`done by the load event (the entry and its imports); 'visit': everything until the network is idle (the`);
  console.log(`page's chunks, the hub client). 'sent': bytes on the wire (brotli).`);
  console.log(
    'route'.padEnd(28),
    'scripts',
    '   shell',
    '   visit',
    '    sent',
    '  perf a11y  bp seo   LCP s  TBT ms   CLS',
  );
  for (const { route, js, lh } of rows) {
    const mark = js.gzipKb <= BUDGET_KB ? ' ' : '!';
    const l = lh
      ? `${String(lh.perf).padStart(6)} ${String(lh.a11y).padStart(4)} ${String(lh.bp).padStart(3)} ${String(lh.seo).padStart(3)} ${lh.lcp.toFixed(2).padStart(7)} ${String(Math.round(lh.tbt)).padStart(7)} ${lh.cls.toFixed(3).padStart(5)}`
      : '';
    console.log(
      route.slice(0, 28).padEnd(28),
      String(js.count).padStart(7),
      js.loadKb.toFixed(1).padStart(8),
      `${js.gzipKb.toFixed(1).padStart(7)}${mark}`,
      js.transferredKb.toFixed(1).padStart(8),
      l,
    );
  }
  for (const { route, lh } of rows)
    if (lh?.failing.length) console.log(`${route}: audits below 0.9: ${lh.failing.join(', ')}`);
} finally {
  stop();
}
