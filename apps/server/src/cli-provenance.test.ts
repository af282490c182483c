import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from './modules/plugins/zip.js';
import { privateKeyFromPem, provenanceStatement, sha256Hex, signStatement } from './platform/provenance.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-cli-verify-'));
const at = (name: string) => path.join(dir, name);

/** `npm run cli -- <args>` as a real process (node + tsx, as the npm script runs it). */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
      { cwd: root, env: { ...process.env, NODE_ENV: 'test' } },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

let line = '';
beforeAll(async () => {
  // The key a builder signs with, made by the CLI; its printed line is the public key given to verify.
  const made = await cli('builder-key', 'ci-builder', at('signing.pem'));
  expect(made.code, made.stderr).toBe(0);
  line = made.stdout.split('\n').find((l) => l.startsWith('BUILDER_PUBLIC_KEYS='))!;
  expect(line).toMatch(/^BUILDER_PUBLIC_KEYS=ci-builder:[A-Za-z0-9_-]{43}$/);
  expect(fs.statSync(at('signing.pem')).mode & 0o777).toBe(0o600);
  const zip = await makeZip([{ name: 'plugins/Verified.dll', data: 'MZ verified' }]);
  fs.writeFileSync(at('plugin.zip'), zip);
  fs.writeFileSync(at('other.zip'), await makeZip([{ name: 'plugins/Other.dll', data: 'MZ other' }]));
  const envelope = signStatement(
    provenanceStatement({
      builderId: 'https://builder.test/ci',
      artifact: { name: 'plugin.zip', sha256: sha256Hex(zip) },
      source: { name: 'source.zip', sha256: sha256Hex('the source') },
      logSha256: sha256Hex('log'),
      externalParameters: {},
    }),
    privateKeyFromPem(fs.readFileSync(at('signing.pem'), 'utf8')),
    'ci-builder',
  );
  fs.writeFileSync(at('envelope.json'), JSON.stringify(envelope));
  fs.writeFileSync(at('key.txt'), `${line}\n`);
  fs.writeFileSync(at('broken.json'), '{"payloadType":');
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli -- verify', () => {
  it('verifies a download against its envelope with the printed key, given as text or as a file', async () => {
    const ok = await cli('verify', at('plugin.zip'), at('envelope.json'), line);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('VERIFIED');
    expect(ok.stdout).toContain('built by https://builder.test/ci');
    expect(ok.stdout).toContain(sha256Hex('the source'));
    const fromFile = await cli('verify', at('plugin.zip'), at('envelope.json'), at('key.txt'));
    expect(fromFile.code, fromFile.stderr).toBe(0);
  }, 60_000);

  it('says why and exits non-zero for another ZIP, another key, a broken envelope or missing arguments', async () => {
    const otherZip = await cli('verify', at('other.zip'), at('envelope.json'), line);
    expect(otherZip.code).toBe(1);
    expect(otherZip.stderr).toMatch(
      /NOT VERIFIED: .*other\.zip: The provenance's subject .* is not the artifact received/,
    );
    const stranger = await cli('builder-key', 'stranger', at('stranger.pem'));
    const strangerLine = stranger.stdout.split('\n').find((l) => l.startsWith('BUILDER_PUBLIC_KEYS='))!;
    const otherKey = await cli('verify', at('plugin.zip'), at('envelope.json'), strangerLine);
    expect(otherKey.code).toBe(1);
    expect(otherKey.stderr).toContain('signed by no trusted builder key (keyid ci-builder)');
    const broken = await cli('verify', at('plugin.zip'), at('broken.json'), line);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not JSON');
    const usage = await cli('verify', at('plugin.zip'));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage');
  }, 90_000);
});
