import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs a TypeScript script of the repository (the site, the local builder) as its own process, kept in `children`. */
export function startScript(children: ChildProcess[], script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  children.push(child);
  return child;
}

/** The first line of a child's output that starts with `prefix`. */
export function lineOf(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const line = text.split('\n').find((l) => l.startsWith(prefix) && text.includes(`${l}\n`));
      if (line) resolve(line);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code} before printing ${prefix}: ${text}`)));
  });
}

/** `NAME=value` as printed, split into the setting's name and value. */
export function setting(line: string): Record<string, string> {
  const at = line.indexOf('=');
  return { [line.slice(0, at)]: line.slice(at + 1) };
}

/** A site of its own (demo data, embedded database) with `npm run builder` beside it, trusting the key the builder prints. */
export interface SiteWithBuilder {
  /** The `BUILDER_PUBLIC_KEYS=...` line the builder printed (the site's environment has it as it is). */
  keysLine: string;
  stop(): Promise<void>;
}

export async function startSiteWithBuilder(opts: {
  name: string;
  sitePort: number;
  builderPort: number;
  secret: string;
  builderId?: string;
}): Promise<SiteWithBuilder> {
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bm-e2e-${opts.name}-`));
  const site = `http://localhost:${opts.sitePort}`;
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const builder = startScript(children, 'apps/server/scripts/builder.ts', {
    BUILD_WEBHOOK_SECRET: opts.secret,
    BUILDER_PORT: String(opts.builderPort),
    BUILDER_HOST: '127.0.0.1',
    BUILDER_DATA_DIR: path.join(dataDir, 'builder'),
    ...(opts.builderId ? { BUILDER_ID: opts.builderId } : {}),
  });
  // The one step: the line the builder prints goes into the site's environment as it is.
  const keysLine = await lineOf(builder, 'BUILDER_PUBLIC_KEYS=');
  startScript(children, 'apps/server/src/main.ts', {
    ...setting(keysLine),
    DATA_DIR: dataDir,
    PORT: String(opts.sitePort),
    PUBLIC_URL: site,
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    SMTP_URL: '',
    REDIS_URL: '',
    RATE_LIMIT_FACTOR: '20',
    LOG_LEVEL: 'warn',
    BUILD_WEBHOOK_URL: `http://127.0.0.1:${opts.builderPort}/`,
    BUILD_WEBHOOK_SECRET: opts.secret,
  });
  await expect
    .poll(async () => (await fetch(`${site}/api/ready`).catch(() => null))?.status ?? 0, {
      timeout: 150_000,
      intervals: [500],
    })
    .toBe(200);
  return { keysLine, stop };
}
