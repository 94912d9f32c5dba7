import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../service-kit/src/testing/vitest-no-network.ts'],
  },
});
