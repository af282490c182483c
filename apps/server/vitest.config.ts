import { defineConfig } from 'vitest/config';

// Tests that need the machine's services (Redis) run in the services pass (npm run test:pg), which
// sets TEST_DATABASE_URL; `npm test` needs nothing installed and leaves them out.
const services = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: services ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.services.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each test file starts its own app on its own database and no test mocks a module or changes the
    // environment, so the files of a worker share its imports instead of loading the app anew for
    // each file: the suite on the PostgreSQL server took 343 s on two workers, 180 s like this.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
