import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface AppVersion {
  /** e.g. 0.16.0+3f2a9c1 */
  informational: string;
  /** e.g. 0.16.0.0 */
  file: string;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The package version plus the build's commit (APP_VERSION overrides, e.g. in a container build). */
export function readAppVersion(env = process.env): AppVersion {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  let informational = env.APP_VERSION;
  if (!informational) {
    let hash = 'dev';
    try {
      hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      // Not a git checkout: keep 'dev'.
    }
    informational = `${pkg.version}+${hash}`;
  }
  return { informational, file: `${pkg.version}.0` };
}
