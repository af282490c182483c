import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The version both the server and the web build carry: package version plus commit. */
export function appVersion() {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  let hash = 'dev';
  try {
    hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
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
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'apps/web')),
    newestMtime(path.join(root, 'packages/core/src')),
  );
  if (built === version && builtAt >= sourcesAt) return false;
  console.log(`Building the web app (${version})...`);
  // Always a production build: with NODE_ENV=development in the environment Vite would bundle React's development build.
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, APP_VERSION: version, NODE_ENV: 'production' },
  });
  fs.writeFileSync(stamp, version);
  return true;
}

/** The compiled server: apps/server/src and @bm/core bundled into one file, npm packages left as imports. */
export const serverMain = path.join(root, 'apps/server/dist/main.js');

/** Compiles the server (esbuild, the one tsx runs on) into apps/server/dist; written whole or not at all. */
export async function buildServer() {
  // esbuild comes with tsx (a dependency of the server), so it is found from there rather than by hoisting luck.
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: serverMain,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay imports resolved from node_modules at run time; our own workspace packages (@bm/*, TypeScript source) are bundled.
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bm/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(serverMain), { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
}

/** Compiles the server when its build is missing or older than its sources (server, @bm/core, their package files). */
export async function buildServerIfNeeded() {
  const builtAt = fs.existsSync(serverMain) ? fs.statSync(serverMain).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'apps/server/src')),
    newestMtime(path.join(root, 'packages/core/src')),
    ...[
      'apps/server/package.json',
      'packages/core/package.json',
      'apps/server/tsconfig.json',
      'tsconfig.base.json',
    ].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  );
  if (builtAt >= sourcesAt) return false;
  console.log('Compiling the server...');
  await buildServer();
  return true;
}

/**
 * Runs a child with inherited output; SIGINT and SIGTERM reach it, and its exit ends this process.
 * A parent that goes away without passing a signal on (a shell between npm and this script killed
 * by npm's SIGTERM) counts as SIGTERM, so the server is never left running on its own.
 */
export function run(cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    child.kill('SIGTERM');
  }, 250);
  orphaned.unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
