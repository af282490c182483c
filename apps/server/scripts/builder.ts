/**
 * The local builder for development: answers the site's build webhook by packaging the source's
 * prebuilt plugins/ folder (it does not compile). Start the site with
 *   BUILD_WEBHOOK_URL=http://127.0.0.1:3300/ BUILD_WEBHOOK_SECRET=<secret>
 * and this with the same secret:
 *   BUILD_WEBHOOK_SECRET=<secret> npm run builder
 * Settings: BUILDER_PORT (3300), BUILDER_HOST (127.0.0.1), BUILD_WEBHOOK_SECRET (required).
 */
import 'dotenv/config';
import { startLocalBuilder } from '../src/modules/builds/index.js';

const secret = process.env.BUILD_WEBHOOK_SECRET;
if (!secret) {
  console.error("Set BUILD_WEBHOOK_SECRET (the same as the site's) to run the local builder.");
  process.exit(1);
}
const port = Number(process.env.BUILDER_PORT ?? 3300);
const host = process.env.BUILDER_HOST ?? '127.0.0.1';
const builder = await startLocalBuilder({
  secret,
  port,
  host,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(`Local builder listening on ${builder.url} (packages prebuilt plugins/ folders)`);
const stop = () => void builder.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
