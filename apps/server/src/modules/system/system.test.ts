import { describe, expect, it } from 'vitest';
import { startTestApp, testAppForFile } from '../../../test/harness.js';
import { logIn, postRaw } from '../../../test/requests.js';
import type { BotCheck } from '../../platform/bot-check.js';

const t = testAppForFile({ version: { informational: '0.16.0+test', file: '0.16.0.0' } });

describe('system calls', () => {
  it('reports version, runtime config, health and readiness', async () => {
    expect((await t.app.inject('/api/version')).json()).toEqual({
      assemblyInformationalVersion: '0.16.0+test',
      assemblyFileVersion: '0.16.0.0',
    });
    expect((await t.app.inject('/api/config')).json()).toMatchObject({
      turnstileSiteKey: null,
      sentryDsn: null,
      version: '0.16.0+test',
      ads: 'off',
    });
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ready' });
  });

  it('documents every route in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/NotificationSettings/my',
      '/api/admin/impersonate/{id}',
      '/api/members/me/avatar',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('sends security headers with a content security policy naming no outside host that is not switched on', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/googlesyndication|google\.com|cloudflare|\bws:|\bwss:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the bot check and the ad network hosts only when they are configured', async () => {
    const on = await startTestApp({
      env: {
        TURNSTILE_SITE_KEY: 'site',
        TURNSTILE_SECRET_KEY: 'secret',
        ADS_CLIENT: 'ca-pub-1',
        PRODUCTION_HOST: 'example.com',
      },
    });
    try {
      const csp = String((await on.app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toMatch(
        /script-src 'self' https:\/\/challenges\.cloudflare\.com https:\/\/pagead2\.googlesyndication\.com/,
      );
      expect(csp).toMatch(/frame-src [^;]*doubleclick/);
    } finally {
      await on.close();
    }
  });
});

describe('bad input', () => {
  it('answers malformed JSON 400, wrong content type 415, oversize 413, unknown API path 404', async () => {
    const malformed = await postRaw(t.app, '/api/auth/login', null, 'application/json', '{"username":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Malformed JSON body');
    const xml = await postRaw(t.app, '/api/auth/login', null, 'application/xml', '<a/>');
    expect(xml.statusCode).toBe(415);
    const huge = await postRaw(
      t.app,
      '/api/auth/login',
      null,
      'application/json',
      JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    );
    expect(huge.statusCode).toBe(413);
    const missing = await t.app.inject('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('rate limits sign-in per account with Retry-After', async () => {
    const limited = await startTestApp({
      limits: { login: { ip: { points: 100, durationS: 60 }, account: { points: 2, durationS: 60 } } },
    });
    try {
      const attempt = () => logIn(limited.app, { username: 'victim', password: 'guess-guess' });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same address is not affected.
      const other = await logIn(limited.app, { username: 'someone', password: 'guess-guess' });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('rate limits forgot-password per address', async () => {
    const limited = await startTestApp({
      limits: { forgot: { ip: { points: 1, durationS: 60 }, account: { points: 5, durationS: 60 } } },
    });
    try {
      const ask = (email: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect((await ask('a@example.com')).statusCode).toBe(200);
      const second = await ask('b@example.com');
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('checks the bot-check token on sign-in and registration when the check is on', async () => {
    const check: BotCheck = { enabled: true, verify: async (token) => token === 'good-token' };
    const guarded = await startTestApp({ botCheck: check });
    try {
      const login = (turnstileToken?: string) =>
        logIn(guarded.app, { username: 'x', password: 'y' }, { turnstileToken });
      expect((await login()).json().message).toBe('Please complete the security verification');
      expect((await login('bad-token')).json().message).toBe('Turnstile verification failed');
      expect((await login('good-token')).statusCode).toBe(401);
    } finally {
      await guarded.close();
    }
  });
});
