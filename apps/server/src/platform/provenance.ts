import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Signed build provenance (docs/provenance.md): an in-toto Statement v1 with an SLSA Provenance v1
 * predicate, in a DSSE envelope signed with Ed25519. The crypto is node:crypto's; this file only
 * lays out the bytes (PAE), reads keys in the one format BUILDER_PUBLIC_KEYS takes, and says in
 * words why an envelope does not hold.
 */

export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const SLSA_PROVENANCE_TYPE = 'https://slsa.dev/provenance/v1';
/** The build type the site's builders name (what externalParameters mean). */
export const BUILD_TYPE = 'https://bakkesplugins.com/build/v1';
/** The byproduct that carries the build log's digest. */
export const BUILD_LOG_NAME = 'build.log';

export interface ResourceDescriptor {
  name?: string;
  uri?: string;
  digest: Record<string, string>;
}

export interface DsseEnvelope {
  payloadType: string;
  payload: string;
  signatures: Array<{ keyid?: string; sig: string }>;
}

export interface ProvenanceStatement {
  _type: string;
  subject: ResourceDescriptor[];
  predicateType: string;
  predicate: {
    buildDefinition: {
      buildType: string;
      externalParameters: Record<string, unknown>;
      resolvedDependencies?: ResourceDescriptor[];
    };
    runDetails: {
      builder: { id: string };
      metadata?: { invocationId?: string; startedOn?: string; finishedOn?: string };
      byproducts?: ResourceDescriptor[];
    };
  };
}

/** A trusted public key: its id (the signatures' keyid) and the key itself. */
export interface BuilderKey {
  keyid: string;
  key: KeyObject;
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** DSSE's pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in ASCII decimal bytes. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, 'utf8'),
    type,
    Buffer.from(` ${payload.length} `, 'utf8'),
    payload,
  ]);
}

// ---- keys ----

const KEYID = /^[A-Za-z0-9._@/+-]{1,100}$/;
const BASE64ISH = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export class KeyFormatError extends Error {}

/** An Ed25519 public key from base64 (standard or URL-safe, padding optional) of its raw 32 bytes or its SPKI DER. */
function publicKeyFromBase64(text: string): KeyObject {
  if (!BASE64ISH.test(text)) throw new KeyFormatError('the key is not base64');
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const der =
    bytes.length === 32
      ? Buffer.concat([ED25519_SPKI_PREFIX, bytes])
      : bytes.length === 44 && bytes.subarray(0, 12).equals(ED25519_SPKI_PREFIX)
        ? bytes
        : null;
  if (!der) throw new KeyFormatError('the key is not an Ed25519 public key (32 bytes, or its 44-byte SPKI DER)');
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

/** The raw 32 bytes of an Ed25519 public key, base64url: what the builder prints. */
export function publicKeyText(key: KeyObject): string {
  const der = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'der', type: 'spki' });
  return der.subarray(ED25519_SPKI_PREFIX.length).toString('base64url');
}

/** One BUILDER_PUBLIC_KEYS entry for a key: `<keyid>:<base64url of the raw public key>`. */
export const builderKeyEntry = (keyid: string, key: KeyObject) => `${keyid}:${publicKeyText(key)}`;

/**
 * BUILDER_PUBLIC_KEYS: entries `<keyid>:<key>` separated by commas or white space, the key being
 * base64 of the raw 32-byte Ed25519 public key or of its SPKI DER. A leading `BUILDER_PUBLIC_KEYS=`
 * (the line the builder prints, pasted whole) and surrounding quotes are taken off.
 */
export function parseBuilderKeys(text: string): BuilderKey[] {
  let value = text.trim();
  if (value.startsWith('BUILDER_PUBLIC_KEYS=')) value = value.slice('BUILDER_PUBLIC_KEYS='.length).trim();
  value = value.replace(/^(["'])(.*)\1$/s, '$2');
  const keys: BuilderKey[] = [];
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const colon = entry.lastIndexOf(':');
    const keyid = colon > 0 ? entry.slice(0, colon) : '';
    if (!KEYID.test(keyid))
      throw new KeyFormatError(`"${entry.slice(0, 40)}" is not <keyid>:<key> (keyid: letters, digits and . _ @ / + -)`);
    try {
      keys.push({ keyid, key: publicKeyFromBase64(entry.slice(colon + 1)) });
    } catch (e) {
      throw new KeyFormatError(`${keyid}: ${(e as Error).message}`);
    }
    if (keys.filter((k) => k.keyid === keyid).length > 1) throw new KeyFormatError(`${keyid}: listed twice`);
  }
  return keys;
}

/**
 * A public key as a person passes it to `npm run cli -- verify`: BUILDER_PUBLIC_KEYS entries (the
 * printed line too), a PEM public key, or a bare base64 key (no key id: it is tried on every signature).
 */
export function readPublicKeys(text: string): BuilderKey[] {
  const t = text.trim();
  if (t.includes('-----BEGIN')) {
    const key = createPublicKey({ key: t, format: 'pem' });
    if (key.asymmetricKeyType !== 'ed25519') throw new KeyFormatError('the key is not an Ed25519 key');
    return [{ keyid: '', key }];
  }
  if (!t.includes(':') && BASE64ISH.test(t)) return [{ keyid: '', key: publicKeyFromBase64(t) }];
  return parseBuilderKeys(t);
}

/** A private Ed25519 key from PKCS#8 PEM (what `openssl genpkey -algorithm ed25519` writes). */
export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey({ key: pem, format: 'pem' });
  if (key.asymmetricKeyType !== 'ed25519') throw new KeyFormatError('the signing key is not an Ed25519 key');
  return key;
}

// ---- signing ----

export interface BuildFacts {
  builderId: string;
  /** The built ZIP: the statement's subject. */
  artifact: { name: string; sha256: string };
  /** The source ZIP the build started from. */
  source: { name: string; sha256: string; uri?: string };
  /** SHA-256 of the build log's UTF-8 bytes. */
  logSha256: string;
  externalParameters: Record<string, unknown>;
  invocationId?: string;
  startedOn?: Date;
  finishedOn?: Date;
}

export function provenanceStatement(f: BuildFacts): ProvenanceStatement {
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: f.artifact.name, digest: { sha256: f.artifact.sha256 } }],
    predicateType: SLSA_PROVENANCE_TYPE,
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: f.externalParameters,
        resolvedDependencies: [
          { name: f.source.name, ...(f.source.uri ? { uri: f.source.uri } : {}), digest: { sha256: f.source.sha256 } },
        ],
      },
      runDetails: {
        builder: { id: f.builderId },
        metadata: {
          ...(f.invocationId ? { invocationId: f.invocationId } : {}),
          ...(f.startedOn ? { startedOn: f.startedOn.toISOString() } : {}),
          ...(f.finishedOn ? { finishedOn: f.finishedOn.toISOString() } : {}),
        },
        byproducts: [{ name: BUILD_LOG_NAME, digest: { sha256: f.logSha256 } }],
      },
    },
  };
}

/** Signs a statement: a DSSE envelope whose one signature is Ed25519 over PAE(payloadType, payload). */
export function signStatement(statement: ProvenanceStatement, key: KeyObject, keyid: string): DsseEnvelope {
  const payload = Buffer.from(JSON.stringify(statement), 'utf8');
  const sig = sign(null, pae(IN_TOTO_PAYLOAD_TYPE, payload), key);
  return {
    payloadType: IN_TOTO_PAYLOAD_TYPE,
    payload: payload.toString('base64'),
    signatures: [{ keyid, sig: sig.toString('base64') }],
  };
}

// ---- verifying ----

export type Verified = { ok: true; statement: ProvenanceStatement; keyid: string; builderId: string };
export type Refused = { ok: false; reason: string };

export const PROVENANCE_MESSAGES = {
  missing: 'The build sent no signed provenance',
  malformed: 'The provenance is not a DSSE envelope (payloadType, payload, signatures)',
  payloadType: `The provenance's payloadType is not ${IN_TOTO_PAYLOAD_TYPE}`,
  noKeys: 'No builder key is trusted: set BUILDER_PUBLIC_KEYS (npm run builder prints the line)',
  unknownKey: (ids: string[]) =>
    `The provenance is signed by no trusted builder key (keyid ${ids.map((i) => i || '(none)').join(', ') || '(no signature)'})`,
  badSignature: (keyid: string) => `The provenance signature by ${keyid} does not verify`,
  notStatement: `The provenance is not an in-toto Statement v1 with an SLSA Provenance v1 predicate`,
  noBuilder: 'The provenance names no builder id',
  subject: (want: string, got: string[]) =>
    `The provenance's subject (sha256 ${got.join(', ') || 'none'}) is not the artifact received (sha256 ${want})`,
  source: (want: string, got: string[]) =>
    `The provenance names another source (sha256 ${got.join(', ') || 'none'}) than the one uploaded (sha256 ${want})`,
  log: (want: string, got: string) => `The build log (sha256 ${want}) is not the one signed (sha256 ${got})`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const digests = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((d) =>
        isObject(d) && isObject(d.digest) && typeof d.digest.sha256 === 'string' ? [d.digest.sha256.toLowerCase()] : [],
      )
    : [];

function decodeB64(text: unknown): Buffer | null {
  if (typeof text !== 'string' || !BASE64ISH.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Checks the envelope's signature against the trusted keys and reads its statement (no facts compared yet). */
export function verifyEnvelope(envelope: unknown, keys: BuilderKey[]): Verified | Refused {
  if (envelope === undefined || envelope === null) return { ok: false, reason: PROVENANCE_MESSAGES.missing };
  if (!isObject(envelope) || typeof envelope.payloadType !== 'string' || !Array.isArray(envelope.signatures))
    return { ok: false, reason: PROVENANCE_MESSAGES.malformed };
  const payload = decodeB64(envelope.payload);
  if (!payload) return { ok: false, reason: PROVENANCE_MESSAGES.malformed };
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE) return { ok: false, reason: PROVENANCE_MESSAGES.payloadType };
  if (!keys.length) return { ok: false, reason: PROVENANCE_MESSAGES.noKeys };
  const message = pae(envelope.payloadType, payload);
  const sigs = envelope.signatures.filter(isObject);
  let keyid: string | null = null; // the id of the key that verified ('' for a bare key and a bare signature)
  let failedBy: string | null = null;
  for (const s of sigs) {
    const sig = decodeB64(s.sig);
    const claimed = typeof s.keyid === 'string' ? s.keyid : '';
    // A key given without an id (the CLI's bare key) is tried against every signature.
    const named = claimed ? keys.filter((k) => !k.keyid || k.keyid === claimed) : keys;
    for (const k of named) {
      if (sig && sig.length === 64 && verify(null, message, k.key, sig)) {
        keyid = k.keyid || claimed;
        break;
      }
      if (claimed) failedBy ??= claimed;
    }
    if (keyid) break;
  }
  if (keyid === null) {
    if (failedBy) return { ok: false, reason: PROVENANCE_MESSAGES.badSignature(failedBy) };
    return {
      ok: false,
      reason: PROVENANCE_MESSAGES.unknownKey(sigs.map((s) => (typeof s.keyid === 'string' ? s.keyid : ''))),
    };
  }
  let statement: unknown;
  try {
    statement = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: PROVENANCE_MESSAGES.notStatement };
  }
  if (
    !isObject(statement) ||
    statement._type !== STATEMENT_TYPE ||
    statement.predicateType !== SLSA_PROVENANCE_TYPE ||
    !Array.isArray(statement.subject) ||
    !isObject(statement.predicate) ||
    !isObject(statement.predicate.buildDefinition) ||
    !isObject(statement.predicate.runDetails)
  )
    return { ok: false, reason: PROVENANCE_MESSAGES.notStatement };
  const builder = statement.predicate.runDetails.builder;
  const builderId = isObject(builder) && typeof builder.id === 'string' ? builder.id.trim() : '';
  if (!builderId) return { ok: false, reason: PROVENANCE_MESSAGES.noBuilder };
  return { ok: true, statement: statement as unknown as ProvenanceStatement, keyid, builderId };
}

export interface ExpectedFacts {
  /** SHA-256 (hex) of the artifact received or downloaded. */
  artifactSha256: string;
  /** SHA-256 (hex) of the source the build had to start from (left out: not compared). */
  sourceSha256?: string;
  /** The build log as received (left out: not compared). */
  log?: string;
}

/** Verifies the envelope and holds its statement to what was received: the artifact, the source, the log. */
export function verifyProvenance(envelope: unknown, keys: BuilderKey[], facts: ExpectedFacts): Verified | Refused {
  const v = verifyEnvelope(envelope, keys);
  if (!v.ok) return v;
  const subjects = digests(v.statement.subject);
  const artifact = facts.artifactSha256.toLowerCase();
  if (subjects.length !== 1 || subjects[0] !== artifact)
    return { ok: false, reason: PROVENANCE_MESSAGES.subject(artifact, subjects) };
  if (facts.sourceSha256 !== undefined) {
    const sources = digests(v.statement.predicate.buildDefinition.resolvedDependencies);
    if (!sources.includes(facts.sourceSha256.toLowerCase()))
      return { ok: false, reason: PROVENANCE_MESSAGES.source(facts.sourceSha256, sources) };
  }
  if (facts.log !== undefined) {
    const byproducts = v.statement.predicate.runDetails.byproducts;
    const signed = Array.isArray(byproducts)
      ? byproducts.find((b) => isObject(b) && b.name === BUILD_LOG_NAME)
      : undefined;
    const got = signed ? (digests([signed])[0] ?? '') : '';
    const want = sha256Hex(facts.log);
    if (got !== want) return { ok: false, reason: PROVENANCE_MESSAGES.log(want, got || 'none') };
  }
  return v;
}

/** The SHA-256 of the source a verified statement names (its first resolved dependency). */
export const statementSourceSha256 = (s: ProvenanceStatement) =>
  digests(s.predicate.buildDefinition.resolvedDependencies)[0] ?? null;
