// npm run test:e2e:shards: the browser tests split over E2E_SHARDS Playwright processes (default 3), each
// with its own site, database and ports, so that one shard's waits (mail, builds, timers) overlap the
// other's work. Shard k runs on E2E_PORT 3100 + 400 (k - 1): the specs use PORT + 1000..1210 for their
// own sites and providers, so 400 apart keeps every shard's ports apart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { appVersion, buildWebIfNeeded, root } from './lib.mjs';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 3));
const testsDir = path.join(root, 'e2e/tests');
const args = process.argv.slice(2);
const named = args.filter((a) => a.endsWith('.spec.ts')).map((a) => path.basename(a));
const options = args.filter((a) => !a.endsWith('.spec.ts'));
const specs = named.length > 0 ? named : fs.readdirSync(testsDir).filter((f) => f.endsWith('.spec.ts'));

// Seconds each spec took in a full three-shard run on this machine kind (stop 40's .ci/run: its tests'
// durations, plus 75 s for each spec that starts its own site and builder, which the durations leave
// out; with the old table the shards took 950/835/911 s): the files are dealt out longest first, each to
// the shard with the least so far. Playwright's own --shard balances by test count, which puts the specs
// that start their own sites all in one shard.
const measured = {
  'a11y.spec.ts': 386,
  'walk.spec.ts': 186,
  'languages.spec.ts': 175,
  'rebuilds.spec.ts': 141,
  'builds.spec.ts': 121,
  'inspection.spec.ts': 109,
  'oauth.spec.ts': 105,
  'admin.spec.ts': 94,
  'spec-details.spec.ts': 91,
  'collections.spec.ts': 77,
  'cars.spec.ts': 75,
  'dashboard.spec.ts': 69,
  'moderation.spec.ts': 65,
  'plugins.spec.ts': 63,
  'dependencies.spec.ts': 62,
  'admin-features.spec.ts': 60,
  'spec-details-visitor.spec.ts': 57,
  'compatibility.spec.ts': 56,
  'accounts.spec.ts': 56,
  'members.spec.ts': 52,
  'passkeys.spec.ts': 45,
  'plugin-manage.spec.ts': 38,
  'reports-webhooks.spec.ts': 37,
  'home.spec.ts': 36,
  'changelogs.spec.ts': 36,
  'spec-details-lists.spec.ts': 29,
  'inbox.spec.ts': 27,
  'game-versions.spec.ts': 26,
  'follows.spec.ts': 25,
  'two-factor.spec.ts': 23,
  'spec-details-live.spec.ts': 20,
  'shell.spec.ts': 17,
  'publish-tokens.spec.ts': 17,
  'sessions.spec.ts': 13,
};
const weight = (file) =>
  measured[file] ?? 8 * (fs.readFileSync(path.join(testsDir, file), 'utf8').match(/^\s*test\(/gm)?.length ?? 1);
const plan = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
for (const file of [...specs].sort((a, b) => weight(b) - weight(a))) {
  const lightest = plan.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.files.push(file);
  lightest.seconds += weight(file);
}

// Built once here: the shards' servers would otherwise race to build the same dist folder.
buildWebIfNeeded(appVersion());

function runShard(index) {
  const started = Date.now();
  const port = 3100 + 400 * (index - 1);
  const label = `[${index}/${shards}]`;
  const child = spawn(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      `--output=${path.join(root, 'e2e/test-results', `shard-${index}`)}`,
      ...options,
      ...plan[index - 1].files.map((file) => `tests/${file}$`),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_DATA_DIR: path.join(root, 'e2e', `.data-shard-${index}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let flaky = 0;
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        out.write(`${label} ${line}\n`);
        // Playwright's summary line for tests that passed only on their retry (CI retries once).
        const counted = /^\s+(\d+) flaky$/.exec(line);
        if (counted) flaky = Number(counted[1]);
      }
    });
    stream.on('end', () => rest && out.write(`${label} ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${label} could not start: ${error.message}`);
      resolve({ index, code: 1, seconds: 0, flaky: 0 });
    });
    child.on('close', (code, signal) =>
      resolve({
        index,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - started) / 1000),
        flaky,
      }),
    );
  });
}

const results = await Promise.all(
  plan.map((shard, i) => (shard.files.length > 0 ? runShard(i + 1) : { index: i + 1, code: 0, seconds: 0, flaky: 0 })),
);
for (const { index, code, seconds, flaky } of results) {
  const retried = flaky > 0 ? ` (${flaky} flaky: passed only on the retry, named above)` : '';
  console.log(`Shard ${index}/${shards}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s${retried}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
