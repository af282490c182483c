import { defineConfig } from 'vitest/config';

// npm run test:cluster: the site behind nginx on three instances (apps/server/cluster/). It needs
// nginx, PostgreSQL and Redis, so `npm test` leaves it out; .ci/run runs it.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    environment: 'node',
    include: ['cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
