import { generateKeyPairSync } from 'node:crypto';
import { builderKeyEntry, provenanceStatement, sha256Hex, signStatement } from '../../platform/provenance.js';

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
