/**
 * The local builder for development: answers the site's build webhook by packaging the source's
 * prebuilt plugins/ folder (it does not compile) and signs each build's provenance with the Ed25519
 * key it keeps in its data folder. Start the site with
 *   BUILD_WEBHOOK_URL=http://127.0.0.1:3300/ BUILD_WEBHOOK_SECRET=<secret> BUILDER_PUBLIC_KEYS=<printed below>
 * and this with the same secret:
 *   BUILD_WEBHOOK_SECRET=<secret> npm run builder
 * Settings: BUILDER_PORT (3300), BUILDER_HOST (127.0.0.1), BUILD_WEBHOOK_SECRET (required),
 * BUILDER_DATA_DIR (DATA_DIR/builder), BUILDER_ID (local-builder@<host name>).
 */
import 'dotenv/config';
import os from 'node:os';
import path from 'node:path';
import { loadBuilderKey, startLocalBuilder } from '../src/modules/builds/index.js';

const secret = process.env.BUILD_WEBHOOK_SECRET;
if (!secret) {
  console.error("Set BUILD_WEBHOOK_SECRET (the same as the site's) to run the local builder.");
  process.exit(1);
}
const port = Number(process.env.BUILDER_PORT ?? 3300);
const host = process.env.BUILDER_HOST ?? '127.0.0.1';
const dataDir = path.resolve(process.env.BUILDER_DATA_DIR || path.join(process.env.DATA_DIR || './data', 'builder'));
const signing = loadBuilderKey(dataDir);
const builder = await startLocalBuilder({
  secret,
  port,
  host,
  signing: { ...signing, builderId: process.env.BUILDER_ID || `local-builder@${os.hostname()}` },
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
console.log(
  `Local builder listening on ${builder.url} (packages prebuilt plugins/ folders); signing key ${signing.created ? 'made' : 'kept'} in ${signing.file}`,
);
console.log("The site trusts this builder's signatures with this line in its environment (.env or the shell):");
console.log(signing.envLine);
const stop = () => void builder.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
