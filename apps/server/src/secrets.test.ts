import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { webhookDeliveries } from './db/schema.js';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

const src = path.dirname(new URL(import.meta.url).pathname);

/** Every source file of the server (tests aside), as [path relative to src, lines]. */
function sources(): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        out.push([path.relative(src, full), fs.readFileSync(full, 'utf8').split('\n')]);
    }
  };
  walk(src);
  return out;
}

/** The lines (as 'file: line') where a pattern occurs. */
const usesOf = (pattern: RegExp) =>
  sources().flatMap(([file, lines]) => lines.filter((l) => pattern.test(l)).map((l) => `${file}: ${l.trim()}`));

describe('one secret per purpose', () => {
  // Every key the server signs or hashes with, the purpose it serves, and where it may be used.
  const KEYS = [
    { purpose: 'session tokens (JWT, HS256)', key: /config\.jwtSecret\b/, where: /^app-context\.ts: .*TokenService/ },
    {
      purpose: 'builder webhooks, both ways',
      key: /\bbuildWebhookSecret\b/,
      // Builds and rebuilds post to the builder and check its callbacks; the admin's test delivery.
      where: /^(modules\/builds\/(service|rebuilds)|modules\/admin\/service)\.ts: /,
    },
    { purpose: 'signed file links', key: /keys\.signedFiles\b/, where: /^app-context\.ts: .*SignedUrls/ },
    {
      purpose: 'unsubscribe links',
      key: /keys\.unsubscribe\b/,
      where: /^modules\/notifications\//,
    },
    { purpose: 'visitor hashes for counts', key: /keys\.visitor\b/, where: /visitorKey\(/ },
    {
      purpose: 'authenticator secrets at rest',
      key: /keys\.twoFactor\b/,
      where: /^modules\/auth\/two-factor-secrets\.ts: /,
    },
    {
      purpose: 'release webhook secrets at rest',
      key: /keys\.webhookSecrets\b/,
      where: /^modules\/webhooks\/secrets\.ts: /,
    },
  ];

  it('gives each purpose a key of its own: configured, or derived from the JWT secret with HKDF', () => {
    const env = {
      NODE_ENV: 'test',
      JWT_SECRET: 'a-jwt-secret-of-at-least-thirty-two-chars',
      BUILD_WEBHOOK_SECRET: 'a-builder-webhook-secret',
    };
    const c = loadConfig(env);
    const all = [
      c.jwtSecret,
      c.buildWebhookSecret,
      c.keys.signedFiles,
      c.keys.unsubscribe,
      c.keys.visitor,
      c.keys.twoFactor,
      c.keys.webhookSecrets,
    ];
    expect(new Set(all).size).toBe(KEYS.length);
    expect(all.every((k) => typeof k === 'string' && k.length >= 16)).toBe(true);
    // Derived, not constant: another JWT secret gives other keys; the same gives the same (links survive restarts).
    const other = loadConfig({ ...env, JWT_SECRET: 'another-jwt-secret-of-at-least-32-chars' }).keys;
    expect(Object.values(other).some((k) => Object.values(c.keys).includes(k))).toBe(false);
    expect(loadConfig(env).keys).toEqual(c.keys);
  });

  it('uses each key only for its purpose', () => {
    for (const { purpose, key, where } of KEYS) {
      const uses = usesOf(key).filter((u) => !/^config\.ts: /.test(u));
      expect(uses.length, `${purpose} is used somewhere`).toBeGreaterThan(0);
      for (const use of uses) expect(use, `${purpose} used elsewhere`).toMatch(where);
    }
    // Whoever signs or keys a hash does it in one of these files, each for one purpose: a new use
    // belongs in the list above with a key of its own.
    const signers = new Set(
      usesOf(/\bcreateHmac\(|\bnew SignJWT\(|\bjwtVerify\(|\bhkdfSync\(/).map((u) => u.split(':')[0]),
    );
    expect([...signers].sort()).toEqual([
      'modules/notifications/unsubscribe.ts',
      'platform/keys.ts',
      'platform/signed-urls.ts',
      'platform/tokens.ts',
      'platform/visitor.ts',
      'platform/webhooks.ts',
    ]);
  });
});

describe('the administrator’s test webhook', () => {
  let t: TestApp;
  let hits = 0;
  let receiver: http.Server;
  let url: string;

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('is refused without BUILD_WEBHOOK_SECRET, naming the setting, and nothing is sent', async () => {
    expect(t.ctx.config.buildWebhookSecret).toBeUndefined();
    const admin = await signedInMember(t, ['administrator']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test',
      headers: admin.auth,
      payload: { url },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('BUILD_WEBHOOK_SECRET');
    expect(hits).toBe(0);
    expect(await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.url, url))).toEqual([]);
  });
});
