import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so tests do not run the module-federation plugin.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../../../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
