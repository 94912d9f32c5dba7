import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Seven services and the gateway start once for the file; each step drives a real browser.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
