import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so tests do not run the module-federation plugin.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // Tests talk to a local stand-in server on another port.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000', settings: { fetch: { disableSameOriginPolicy: true } } } },
    include: ['test/**/*.test.{ts,tsx}'],
    // As the remotes' (remote-contract's remoteTestConfig): a time-out that flags a hang, not a loaded machine.
    testTimeout: 20_000,
    // Tests reach only this machine; a file whose code tried another host fails.
    setupFiles: ['../../packages/service-kit/src/testing/vitest-no-network.ts'],
  },
});
