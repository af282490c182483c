import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The version both the server and the web build carry: package version plus commit. */
export function appVersion() {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  let hash = 'dev';
  try {
    hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // not a git checkout
  }
  return `${pkg.version}+${hash}`;
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it is missing, built for another version, or older than its sources. */
export function buildWebIfNeeded(version) {
  const dist = path.join(root, 'apps/web/dist');
  const stamp = path.join(dist, '.app-version');
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/core/src')));
  if (built === version && builtAt >= sourcesAt) return false;
  console.log(`Building the web app (${version})...`);
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, APP_VERSION: version } });
  fs.writeFileSync(stamp, version);
  return true;
}

/** Runs a child with inherited output; signals reach it, and its exit ends this process. */
export function run(cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
