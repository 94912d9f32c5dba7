import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // Importing a service's config.ts loads its dependencies (service kit, zod, ...).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
