import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
