// npm run test:pg: the server suite against a PostgreSQL server (TEST_DATABASE_URL, default the local one).
// Each test file gets its own scratch database copied from a migrated template; all are dropped afterwards.
import { run } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(`Server tests against PostgreSQL at ${new URL(url).host}`);
run('npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL: url });
