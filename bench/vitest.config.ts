import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each test runs one benchmark as its own process, one after another: they would share the machine's CPUs.
    fileParallelism: false,
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
