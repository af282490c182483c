// The server the browser tests run against: built app, fresh data dir (demo data), mail to the local outbox.
import fs from 'node:fs';
import path from 'node:path';
import { appVersion, buildWebIfNeeded, root, run } from './lib.mjs';

const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'e2e/.data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const version = appVersion();
buildWebIfNeeded(version);
run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  APP_VERSION: version,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
  SEED_DEMO: 'true',
  ADS: 'placeholder',
  DATABASE_URL: '',
  SMTP_URL: '',
  // The admin's test delivery is signed with the builder's secret only, so the webhooks page needs one.
  BUILD_WEBHOOK_SECRET: 'e2e-builder-webhook-secret',
  REDIS_URL: '',
  RATE_LIMIT_FACTOR: '20',
  // A local OpenID provider that e2e/tests/oauth.spec.ts starts on E2E_PORT + 1200 (docs/oauth.md; +1000..+1101 are the builder specs' sites).
  OIDC_ISSUER: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3100') + 1200}`,
  OIDC_CLIENT_ID: 'bakkes-site',
  OIDC_CLIENT_SECRET: 'local-oidc-test-secret-0123456789abcdef',
  OIDC_NAME: 'Local ID',
  // A stand-in for Steam's OpenID 2.0 provider and Web API that the same spec starts on E2E_PORT + 1210.
  STEAM_API_KEY: 'local-steam-web-api-key',
  STEAM_OPENID_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3100') + 1210}/openid`,
  STEAM_API_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3100') + 1210}`,
  LOG_LEVEL: 'warn',
});
