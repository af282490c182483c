import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs with no settings but a data folder, keeping a secret of its own there', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-config-'));
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bm-config-')) }).jwtSecret).not.toBe(
      c.jwtSecret,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    [{ ADS: 'sometimes' }, 'ADS'],
    [{ ADS: 'live' }, 'ADS'],
  ])('names the setting of a bad value %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses production without JWT_SECRET and DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATABASE_URL/);
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' });
    expect(ok.seedDemo).toBe(false);
  });

  it('ads: off without an ad account, live with one, or as set', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).ads).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir, ADS_CLIENT: 'ca-pub-1' }).ads).toBe('live');
    expect(loadConfig({ DATA_DIR: dataDir, ADS: 'placeholder' }).ads).toBe('placeholder');
    expect(loadConfig({ DATA_DIR: dataDir, ADS: 'off', ADS_CLIENT: 'ca-pub-1' }).ads).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir, ADS: 'live', ADS_CLIENT: 'ca-pub-1' }).ads).toBe('live');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
