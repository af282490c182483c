import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import {
  IN_TOTO_PAYLOAD_TYPE,
  KeyFormatError,
  PROVENANCE_MESSAGES,
  SLSA_PROVENANCE_TYPE,
  STATEMENT_TYPE,
  builderKeyEntry,
  pae,
  parseBuilderKeys,
  provenanceStatement,
  sha256Hex,
  signStatement,
  verifyEnvelope,
  verifyProvenance,
} from './provenance.js';

const key = () => generateKeyPairSync('ed25519').privateKey;
const facts = (over: Partial<Parameters<typeof provenanceStatement>[0]> = {}) => ({
  builderId: 'https://builder.test/ci',
  artifact: { name: 'binary.zip', sha256: sha256Hex('binary') },
  source: { name: 'source.zip', sha256: sha256Hex('source') },
  logSha256: sha256Hex('log'),
  externalParameters: { submissionId: 1 },
  ...over,
});

describe('DSSE', () => {
  it('PAE is "DSSEv1 <len type> <type> <len body> <body>" with byte lengths', () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe(
      'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
    );
    // Lengths count UTF-8 bytes, not characters.
    expect(pae('t', Buffer.from('é', 'utf8')).toString()).toBe('DSSEv1 1 t 2 é');
    expect(pae(IN_TOTO_PAYLOAD_TYPE, Buffer.alloc(0)).toString()).toBe(`DSSEv1 28 ${IN_TOTO_PAYLOAD_TYPE} 0 `);
  });

  it('signs and verifies a statement round trip: an in-toto Statement v1 with an SLSA Provenance v1 predicate', () => {
    const k = key();
    const env = signStatement(provenanceStatement(facts()), k, 'kid');
    expect(env.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    expect(env.signatures).toEqual([{ keyid: 'kid', sig: expect.any(String) }]);
    const statement = JSON.parse(Buffer.from(env.payload, 'base64').toString()) as Record<string, unknown>;
    expect(statement).toMatchObject({
      _type: STATEMENT_TYPE,
      predicateType: SLSA_PROVENANCE_TYPE,
      subject: [{ name: 'binary.zip', digest: { sha256: sha256Hex('binary') } }],
      predicate: {
        buildDefinition: { resolvedDependencies: [{ digest: { sha256: sha256Hex('source') } }] },
        runDetails: {
          builder: { id: 'https://builder.test/ci' },
          byproducts: [{ name: 'build.log', digest: { sha256: sha256Hex('log') } }],
        },
      },
    });
    const keys = parseBuilderKeys(builderKeyEntry('kid', k));
    const v = verifyProvenance(env, keys, {
      artifactSha256: sha256Hex('binary'),
      sourceSha256: sha256Hex('source'),
      log: 'log',
    });
    expect(v).toMatchObject({ ok: true, keyid: 'kid', builderId: 'https://builder.test/ci' });
    // A signature without a keyid is tried against every trusted key.
    const anonymous = { ...env, signatures: [{ sig: env.signatures[0]!.sig }] };
    expect(verifyEnvelope(anonymous, keys)).toMatchObject({ ok: true, keyid: 'kid' });
    // URL-safe base64 of the payload is read too.
    expect(verifyEnvelope({ ...env, payload: Buffer.from(env.payload, 'base64').toString('base64url') }, keys).ok).toBe(
      true,
    );
  });

  it('refuses forged and unknown signatures, other payload types and statements', () => {
    const k = key();
    const keys = parseBuilderKeys(builderKeyEntry('kid', k));
    const env = signStatement(provenanceStatement(facts()), k, 'kid');
    const forged = signStatement(provenanceStatement(facts()), key(), 'kid');
    expect(verifyEnvelope(forged, keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.badSignature('kid') });
    const other = signStatement(provenanceStatement(facts()), key(), 'other');
    expect(verifyEnvelope(other, keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.unknownKey(['other']) });
    expect(verifyEnvelope({ ...env, signatures: [] }, keys)).toMatchObject({ ok: false });
    expect(verifyEnvelope({ ...env, signatures: [{ keyid: 'kid', sig: 'AAAA' }] }, keys)).toMatchObject({
      ok: false,
      reason: PROVENANCE_MESSAGES.badSignature('kid'),
    });
    expect(verifyEnvelope({ ...env, payloadType: 'application/json' }, keys)).toEqual({
      ok: false,
      reason: PROVENANCE_MESSAGES.payloadType,
    });
    expect(verifyEnvelope(null, keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.missing });
    expect(verifyEnvelope('text', keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.malformed });
    expect(verifyEnvelope(env, [])).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.noKeys });
    // Correctly signed, but not a provenance statement.
    const notStatement = signStatement({ hello: 'world' } as never, k, 'kid');
    expect(verifyEnvelope(notStatement, keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.notStatement });
    const noBuilder = signStatement(provenanceStatement(facts({ builderId: ' ' })), k, 'kid');
    expect(verifyEnvelope(noBuilder, keys)).toEqual({ ok: false, reason: PROVENANCE_MESSAGES.noBuilder });
  });

  it('holds the statement to the artifact, the source and the log received', () => {
    const k = key();
    const keys = parseBuilderKeys(builderKeyEntry('kid', k));
    const env = signStatement(provenanceStatement(facts()), k, 'kid');
    const good = { artifactSha256: sha256Hex('binary'), sourceSha256: sha256Hex('source'), log: 'log' };
    expect(verifyProvenance(env, keys, good).ok).toBe(true);
    expect(verifyProvenance(env, keys, { ...good, artifactSha256: sha256Hex('x') })).toEqual({
      ok: false,
      reason: PROVENANCE_MESSAGES.subject(sha256Hex('x'), [sha256Hex('binary')]),
    });
    expect(verifyProvenance(env, keys, { ...good, sourceSha256: sha256Hex('y') })).toEqual({
      ok: false,
      reason: PROVENANCE_MESSAGES.source(sha256Hex('y'), [sha256Hex('source')]),
    });
    expect(verifyProvenance(env, keys, { ...good, log: 'other' })).toEqual({
      ok: false,
      reason: PROVENANCE_MESSAGES.log(sha256Hex('other'), sha256Hex('log')),
    });
  });
});

describe('BUILDER_PUBLIC_KEYS', () => {
  it('takes <keyid>:<key> entries, the key raw or SPKI DER in either base64, with the printed prefix or quotes', () => {
    const a = key();
    const b = key();
    const spki = createPublicKey(b).export({ format: 'der', type: 'spki' }).toString('base64');
    const keys = parseBuilderKeys(`BUILDER_PUBLIC_KEYS=${builderKeyEntry('a-1', a)}, gh/actions:${spki}\n`);
    expect(keys.map((k) => k.keyid)).toEqual(['a-1', 'gh/actions']);
    expect(parseBuilderKeys(`"${builderKeyEntry('a', a)} ${builderKeyEntry('b', b)}"`)).toHaveLength(2);
    expect(parseBuilderKeys('')).toEqual([]);
    expect(() => parseBuilderKeys('no-colon')).toThrow(KeyFormatError);
    expect(() => parseBuilderKeys('kid:not*base64')).toThrow(/not base64/);
    expect(() => parseBuilderKeys(`kid:${Buffer.alloc(31).toString('base64')}`)).toThrow(/not an Ed25519 public key/);
    expect(() => parseBuilderKeys(`${builderKeyEntry('x', a)},${builderKeyEntry('x', b)}`)).toThrow(/listed twice/);
  });

  it('is read by the config: a bad entry names the setting; production with a builder needs it', () => {
    const entry = builderKeyEntry('kid', key());
    expect(loadConfig({ NODE_ENV: 'test', BUILDER_PUBLIC_KEYS: entry }).builderKeys).toHaveLength(1);
    expect(loadConfig({ NODE_ENV: 'test' }).builderKeys).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', BUILDER_PUBLIC_KEYS: 'kid:???' })).toThrow(/BUILDER_PUBLIC_KEYS: kid/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://db/x',
      BUILD_WEBHOOK_URL: 'https://builder.example/',
      BUILD_WEBHOOK_SECRET: 'y'.repeat(20),
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/BUILDER_PUBLIC_KEYS: required with BUILD_WEBHOOK_URL/);
    expect(loadConfig({ ...production, BUILDER_PUBLIC_KEYS: entry }).builderKeys).toHaveLength(1);
  });
});
