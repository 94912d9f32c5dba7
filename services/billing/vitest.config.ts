import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
