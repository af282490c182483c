import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, serverRoot } from './paths.js';

export interface AppVersion {
  /** e.g. 0.16.0+3f2a9c1 */
  informational: string;
  /** e.g. 0.16.0.0 */
  file: string;
}

/** The package version plus the build's commit (APP_VERSION overrides, e.g. in a container build). */
export function readAppVersion(env = process.env): AppVersion {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string };
  let informational = env.APP_VERSION;
  if (!informational) {
    let hash = 'dev';
    try {
      hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    } catch {
      // Not a git checkout: keep 'dev'.
    }
    informational = `${pkg.version}+${hash}`;
  }
  return { informational, file: `${pkg.version}.0` };
}
