import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // Two cores on this machine kind; each server test file also runs its own database.
    maxWorkers: 2,
  },
});
