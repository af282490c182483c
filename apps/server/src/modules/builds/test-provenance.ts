import { generateKeyPairSync } from 'node:crypto';
import { builderKeyEntry, provenanceStatement, sha256Hex, signStatement } from '../../platform/provenance.js';
import { freePort, startTestApp } from '../../../test/harness.js';
import { loadBuilderKey } from './builder-key.js';
import { startLocalBuilder } from './local-builder.js';

/** A builder's key for tests: its BUILDER_PUBLIC_KEYS value and envelopes signed with it. */
export function testSigner(keyid = 'test-builder', builderId = 'https://builder.test/ci') {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    keyid,
    key: privateKey,
    /** The BUILDER_PUBLIC_KEYS value trusting this key. */
    entry: builderKeyEntry(keyid, privateKey),
    /** A signed envelope saying that `binary` was built from `source` with `log`. */
    envelope(facts: { source: Buffer; binary: Buffer; log?: string; builderId?: string }) {
      return signStatement(
        provenanceStatement({
          builderId: facts.builderId ?? builderId,
          artifact: { name: 'binary.zip', sha256: sha256Hex(facts.binary) },
          source: { name: 'source.zip', sha256: sha256Hex(facts.source) },
          logSha256: sha256Hex(facts.log ?? ''),
          externalParameters: {},
        }),
        privateKey,
        keyid,
      );
    },
  };
}

/**
 * The local builder, signing with the key kept in `keyDir`, and a test app that posts its builds to
 * it, trusts that key and listens on the port its PUBLIC_URL names (the builder fetches sources and
 * calls back there). `envLine` is the BUILDER_PUBLIC_KEYS line the builder prints.
 */
export async function startSiteWithLocalBuilder(opts: { keyDir: string; secret: string; log: (line: string) => void }) {
  const signing = loadBuilderKey(opts.keyDir);
  const builder = await startLocalBuilder({
    secret: opts.secret,
    port: 0,
    host: '127.0.0.1',
    signing: { ...signing, builderId: 'local-builder@test' },
    log: opts.log,
  });
  const port = await freePort();
  const t = await startTestApp({
    env: {
      BUILD_WEBHOOK_URL: builder.url,
      BUILD_WEBHOOK_SECRET: opts.secret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The line the builder prints, as it is: everything after the first '=' is the value.
      BUILDER_PUBLIC_KEYS: signing.envLine.slice(signing.envLine.indexOf('=') + 1),
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, builder, envLine: signing.envLine };
}
