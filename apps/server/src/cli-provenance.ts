// `npm run cli -- verify` and `npm run cli -- builder-key`: offline, no database, no settings.
import fs from 'node:fs';
import { keyIdOf, newSigningKeyPem } from './modules/builds/index.js';
import {
  KeyFormatError,
  builderKeyEntry,
  privateKeyFromPem,
  readPublicKeys,
  sha256Hex,
  statementSourceSha256,
  verifyProvenance,
} from './platform/provenance.js';

export const PROVENANCE_USAGE = `  npm run cli -- verify <zip> <envelope.json> <public key>
      checks a downloaded ZIP against its provenance envelope (GET /api/plugins/{id}/versions/{versionId}/provenance);
      <public key>: the BUILDER_PUBLIC_KEYS line or one of its entries, a PEM public key, or a file holding one
  npm run cli -- builder-key <keyid> <private-key.pem>
      makes an Ed25519 signing key for a builder (e.g. a GitHub repository secret) and prints its BUILDER_PUBLIC_KEYS line`;

type Out = { log: (line: string) => void; error: (line: string) => void };

function readFile(file: string, what: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw new Error(`Cannot read the ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Exit code 0 when the ZIP is the envelope's verified subject, 1 when it is not (saying why), 2 on bad arguments. */
export function verifyCommand(args: string[], out: Out = console): number {
  const [zipPath, envelopePath, keyArg] = args;
  if (!zipPath || !envelopePath || !keyArg) {
    out.error(`Usage:\n${PROVENANCE_USAGE}`);
    return 2;
  }
  let zip: Buffer, envelope: unknown, keys;
  try {
    zip = readFile(zipPath, 'ZIP');
    try {
      envelope = JSON.parse(readFile(envelopePath, 'envelope').toString('utf8'));
    } catch (e) {
      if (e instanceof SyntaxError) throw new Error(`The envelope ${envelopePath} is not JSON: ${e.message}`);
      throw e;
    }
    const keyText = fs.existsSync(keyArg) ? readFile(keyArg, 'public key').toString('utf8') : keyArg;
    keys = readPublicKeys(keyText);
    if (!keys.length) throw new KeyFormatError('no key given');
  } catch (e) {
    out.error(`NOT VERIFIED: ${e instanceof KeyFormatError ? `the public key: ${e.message}` : (e as Error).message}`);
    return e instanceof KeyFormatError ? 2 : 1;
  }
  const sha256 = sha256Hex(zip);
  const v = verifyProvenance(envelope, keys, { artifactSha256: sha256 });
  if (!v.ok) {
    out.error(`NOT VERIFIED: ${zipPath}: ${v.reason}`);
    return 1;
  }
  out.log(`VERIFIED: ${zipPath} (sha256 ${sha256})`);
  out.log(`  signed by key ${v.keyid || '(the key given)'}; built by ${v.builderId}`);
  out.log(`  from the source with sha256 ${statementSourceSha256(v.statement) ?? '(none named)'}`);
  return 0;
}

/** Writes a new Ed25519 private key (PKCS#8 PEM, mode 0600) and prints the line the site trusts it with. */
export function builderKeyCommand(args: string[], out: Out = console): number {
  const [keyid, file] = args;
  if (!keyid || !file || !/^[A-Za-z0-9._@/+-]{1,100}$/.test(keyid)) {
    out.error(`Usage:\n${PROVENANCE_USAGE}`);
    return 2;
  }
  try {
    fs.writeFileSync(file, newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    out.error(`Cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  const key = privateKeyFromPem(fs.readFileSync(file, 'utf8'));
  out.log(`Private key written to ${file} (keep it secret; key id ${keyid}, fingerprint ${keyIdOf(key, 'ed25519')}).`);
  out.log('The site trusts it with this entry in BUILDER_PUBLIC_KEYS (comma-separated with the others):');
  out.log(`BUILDER_PUBLIC_KEYS=${builderKeyEntry(keyid, key)}`);
  return 0;
}
