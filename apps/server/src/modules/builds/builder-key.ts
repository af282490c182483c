import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { builderKeyEntry, privateKeyFromPem, publicKeyText, sha256Hex } from '../../platform/provenance.js';

/** The file in the builder's data folder that keeps its signing key (PKCS#8 PEM, mode 0600). */
export const BUILDER_KEY_FILE = 'builder-signing-key.pem';

export interface BuilderSigningKey {
  key: KeyObject;
  keyid: string;
  /** The line to paste into the site's environment: `BUILDER_PUBLIC_KEYS=<keyid>:<key>`. */
  envLine: string;
  file: string;
  created: boolean;
}

/** A key id that follows from the key: `<prefix>-<first 12 hex of the SHA-256 of the raw public key>`. */
export const keyIdOf = (key: KeyObject, prefix = 'local-builder') =>
  `${prefix}-${sha256Hex(Buffer.from(publicKeyText(key), 'base64url')).slice(0, 12)}`;

/** A new Ed25519 key as PKCS#8 PEM. */
export const newSigningKeyPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/**
 * The builder's Ed25519 key, kept in `dir` (made on first use, readable by this user only). Two
 * builders starting at once on an empty folder end with the same key: the file is created exclusively.
 */
export function loadBuilderKey(dir: string): BuilderSigningKey {
  const file = path.join(dir, BUILDER_KEY_FILE);
  let created = false;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = privateKeyFromPem(fs.readFileSync(file, 'utf8'));
  const keyid = keyIdOf(key);
  return { key, keyid, envLine: `BUILDER_PUBLIC_KEYS=${builderKeyEntry(keyid, key)}`, file, created };
}
