import { federation } from '@module-federation/vite';
import { buildOptions, precompress, sharedSingletons } from '../remote-contract/src/federation.js';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/**
 * The shell is the module-federation host. It names no remote at build time:
 * their URLs come from /remotes.json (public/remotes.json, copied into dist/) at
 * run time, so a remote can move or be redeployed without rebuilding the shell.
 */
export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons(pkg.dependencies, 'shell'),
      dts: false,
      // The one federation runtime on the page: the remotes run on it (externalRuntime) instead of bundling their own.
      experiments: { provideExternalRuntime: true },
      // Remotes are plain remoteEntry.js files (no mf-manifest.json snapshots): the runtime's snapshot code is left out.
      disableSnapshot: true,
    }),
    precompress(),
  ],
  build: buildOptions,
  server: {
    port: 5173,
    strictPort: true,
    // In development the gateway runs on 8080 and serves the API and the built remotes.
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/remotes/': { target: gateway, changeOrigin: true },
    },
  },
});
