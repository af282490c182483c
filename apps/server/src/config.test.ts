import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs with no settings at all', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.turnstile).toBeUndefined();
    expect(c.listCacheMs).toBe(5000);
    expect(c.buildWebhookUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_USERNAME: 'root' }, 'ADMIN_USERNAME'],
    [{ TURNSTILE_SITE_KEY: 'k' }, 'TURNSTILE_SECRET_KEY'],
    [{ LIST_CACHE_SECONDS: '-1' }, 'LIST_CACHE_SECONDS'],
    [{ BUILD_WEBHOOK_URL: 'ftp://builder', BUILD_WEBHOOK_SECRET: 'x'.repeat(16) }, 'BUILD_WEBHOOK_URL'],
    [{ BUILD_WEBHOOK_URL: 'http://builder.local/build' }, 'BUILD_WEBHOOK_SECRET'],
  ])('names the setting of a bad value %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses production without JWT_SECRET and DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATABASE_URL/);
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' });
    expect(ok.seedDemo).toBe(false);
  });
});
