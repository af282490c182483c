/**
 * The site on several instances behind nginx, as production runs it (docs/ops/cluster.md): three
 * compiled servers (what `npm start` runs) on a scratch database of the PostgreSQL server, sharing
 * Redis and an S3-compatible bucket (s3rver), behind nginx with the configuration of docs/ops/nginx
 * and the settings of the systemd unit docs/ops/bakkesmod-site@.service. Used by `npm run cluster`
 * and by the cluster test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../../..');
const OPS = path.join(root, 'docs/ops');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ClusterOptions {
  /** nginx listens here; instances on the next ports, s3rver after them. */
  port?: number;
  instances?: number;
  /** The PostgreSQL server where a scratch database is created (and dropped by stop()). */
  pgUrl?: string;
  redisUrl?: string;
  /** Settings for every instance, over the cluster's own. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess | null;
  /** SIGTERM (what systemd sends): it answers what is in flight, then exits. */
  stop(): Promise<void>;
}

export interface Cluster {
  /** nginx's address: what players use. */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  s3Endpoint: string;
  stop(): Promise<void>;
}

/** nginx, installed from Debian's package when missing (CI runs as root). */
export function ensureNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: apt-get install nginx-light');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env });
  return '/usr/sbin/nginx';
}

/** The Environment= settings and ExecStart arguments of the systemd unit, for the instance on `port`. */
export function unitSettings(port: number): { env: Record<string, string>; args: string[] } {
  const unit = fs.readFileSync(path.join(OPS, 'bakkesmod-site@.service'), 'utf8');
  const env: Record<string, string> = {};
  let args: string[] = [];
  for (const raw of unit.split('\n')) {
    const line = raw.trim().replaceAll('%i', String(port));
    const setting = /^Environment=([A-Z_]+)=(.*)$/.exec(line);
    if (setting) env[setting[1]!] = setting[2]!;
    if (line.startsWith('ExecStart=')) args = line.slice('ExecStart='.length).split(/\s+/).slice(1); // after node
  }
  return { env, args };
}

/** The nginx configuration: the two files of docs/ops/nginx around upstreams of these ports. */
export function nginxConfig(dir: string, port: number, ports: number[]): string {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${OPS}/nginx/bakkesmod-http.conf;
  upstream bakkesmod_site {
${servers}
    keepalive 32;
  }
  upstream bakkesmod_hub {
    ip_hash;
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    include ${OPS}/nginx/bakkesmod-locations.conf;
  }
}
`;
}

async function waitReady(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} ended (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within 3 minutes`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** Starts the whole cluster; stop() ends every process and drops the scratch database. */
export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const port = opts.port ?? 3400;
  const count = opts.instances ?? 3;
  const log = opts.log ?? (() => {});
  const nginx = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-cluster-'));
  const cleanups: Array<() => Promise<void>> = [async () => fs.rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c().catch((err: unknown) => log(`cleanup: ${String(err)}`));
  };
  try {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' });

    const pgUrl = opts.pgUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const dbName = `bm_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    await admin(`CREATE DATABASE ${dbName}`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    const dbUrl = new URL(pgUrl);
    dbUrl.pathname = `/${dbName}`;

    const S3rverClass = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => S3rver;
    const s3 = new S3rverClass({
      port: port + count + 1,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'bakkesmod-site' }],
    });
    const s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    cleanups.push(() => s3.close());

    const url = `http://127.0.0.1:${port}`;
    const shared: Record<string, string> = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: opts.redisUrl ?? 'redis://127.0.0.1:6379',
      RATE_LIMIT_PREFIX: `rl-${dbName}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: url,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'bakkesmod-site',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: '',
      SENTRY_DSN: '',
      LOG_LEVEL: 'warn',
      ...opts.env,
    };

    const instances: Instance[] = [];
    cleanups.push(async () => {
      await Promise.all(instances.map((i) => i.stop()));
    });
    const startInstance = async (instancePort: number): Promise<Instance> => {
      const unit = unitSettings(instancePort);
      const dataDir = path.join(dir, `instance-${instancePort}`);
      const child = spawn(process.execPath, unit.args, {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...unit.env, DATA_DIR: dataDir, ...shared },
      });
      const instanceUrl = `http://127.0.0.1:${instancePort}`;
      await waitReady(instanceUrl, child, `The instance on ${instancePort}`);
      log(`instance on ${instanceUrl} (pid ${child.pid})`);
      return {
        port: instancePort,
        url: instanceUrl,
        child,
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
      };
    };
    // The first one migrates the database and seeds it; the others start on it once it is ready.
    instances.push(await startInstance(port + 1));
    await Promise.all(
      Array.from({ length: count - 1 }, async (_, i) => instances.push(await startInstance(port + 2 + i))),
    );
    instances.sort((a, b) => a.port - b.port);

    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        port,
        instances.map((i) => i.port),
      ),
    );
    const proxy = spawn(nginx, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(async () => {
      proxy.kill('SIGQUIT');
      await exited(proxy);
    });
    await waitReady(url, proxy, 'nginx');
    log(`nginx on ${url} in front of ${instances.length} instances; S3 at ${s3Endpoint}; database ${dbName}`);
    return { url, instances, databaseUrl: dbUrl.toString(), s3Endpoint, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
