import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { builderKeyEntry, parseBuilderKeys, sha256Hex, verifyProvenance } from '../../platform/provenance.js';
import { buildCallbackBody } from './protocol.js';

/**
 * docs/builder/build.yml signs with a Node script it writes on the runner: that very script, taken
 * out of the workflow and run here, must write a success the site takes.
 */
const workflow = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/builder/build.yml'), 'utf8');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-workflow-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function signerScript(): string {
  const start = workflow.indexOf("$signer = @'\n");
  const end = workflow.indexOf("\n          '@", start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return workflow
    .slice(start + "$signer = @'\n".length, end)
    .split('\n')
    .map((l) => l.replace(/^ {10}/, ''))
    .join('\n');
}

describe('the GitHub workflow signer (docs/builder/build.yml)', () => {
  it('writes a signed success whose provenance verifies with the key id and public key of the repository secret', async () => {
    fs.writeFileSync(path.join(dir, 'sign-build.mjs'), signerScript());
    const files = {
      LOG_FILE: path.join(dir, 'msbuild.log'),
      BINARY_ZIP: path.join(dir, 'binary.zip'),
      DEBUG_ZIP: path.join(dir, 'debug.zip'),
      SOURCE_ZIP: path.join(dir, 'source.zip'),
      BODY_FILE: path.join(dir, 'success.json'),
    };
    const log = `Build succeeded ✓\n${'x'.repeat(200_000)}`;
    fs.writeFileSync(files.LOG_FILE, log);
    fs.writeFileSync(files.BINARY_ZIP, 'binary zip bytes');
    fs.writeFileSync(files.SOURCE_ZIP, 'source zip bytes');
    const { privateKey } = generateKeyPairSync('ed25519');
    await promisify(execFile)(process.execPath, [path.join(dir, 'sign-build.mjs')], {
      env: {
        ...files,
        PATH: process.env.PATH,
        SUBMISSION_ID: '42',
        PLUGIN_NAME: 'Rocket',
        VERSION_STRING: '1.0',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'example/builds',
        GITHUB_RUN_ID: '7',
        GITHUB_RUN_ATTEMPT: '1',
        BUILDER_SIGNING_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        BUILDER_KEY_ID: 'github-actions',
      },
    });
    const body = buildCallbackBody.parse(JSON.parse(fs.readFileSync(files.BODY_FILE, 'utf8')));
    expect(body).toMatchObject({
      submissionId: 42,
      status: 'success',
      binaryZip: Buffer.from('binary zip bytes').toString('base64'),
    });
    expect(body.debugZip).toBeUndefined();
    expect(body.log!.length).toBe(190_000);
    const verdict = verifyProvenance(body.provenance, parseBuilderKeys(builderKeyEntry('github-actions', privateKey)), {
      artifactSha256: sha256Hex('binary zip bytes'),
      sourceSha256: sha256Hex('source zip bytes'),
      log: body.log,
    });
    expect(verdict).toMatchObject({
      ok: true,
      keyid: 'github-actions',
      builderId: 'https://github.com/example/builds/.github/workflows/build.yml',
    });
  });
});
