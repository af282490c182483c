/**
 * npm run cluster: the site as production runs it, on this machine. nginx (Debian's package,
 * installed when missing) in front of three instances of the compiled server on a scratch database
 * of the PostgreSQL server, sharing Redis (127.0.0.1:6379) and an S3-compatible bucket (s3rver),
 * with the configuration in docs/ops/ (nginx and the systemd unit). Prints the address; Ctrl+C
 * stops everything and drops the scratch database. docs/ops/cluster.md.
 *
 * Settings: CLUSTER_PORT (3400: nginx; the instances on the next three ports, S3 after them),
 * CLUSTER_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), CLUSTER_REDIS_URL (redis://127.0.0.1:6379).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { root, startCluster } from './cluster-lib.js';

const port = Number(process.env.CLUSTER_PORT ?? 3400);
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app first (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const cluster = await startCluster({
  port,
  pgUrl: process.env.CLUSTER_PG_URL,
  redisUrl: process.env.CLUSTER_REDIS_URL,
  // Demo data and its accounts, as `npm start` has; moderators may work without two-factor here.
  env: { SEED_DEMO: 'true', REQUIRE_STAFF_2FA: 'false' },
  log: (line) => console.log(line),
});
console.log(`\nThe site is on ${cluster.url} (nginx, ${cluster.instances.length} instances). Ctrl+C stops it.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
