import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import { buildOptions, precompress, sharedSingletons } from '../remote-contract/src/federation.js';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const require = createRequire(import.meta.url);

/**
 * react-router's production build (no development warnings, 0.5 kB gzip less) in the shared router:
 * its package.json exports name only dist/development (remix-run/react-router#12532, #14102). The
 * remotes take the shell's router, so the whole page runs this one copy. Builds only: the dev
 * server keeps the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = path.join(path.dirname(require.resolve('react-router')), '..', 'production');
  return {
    name: 'planner-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(production, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(production, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * provideExternalRuntime's runtime plugin reads @module-federation/runtime's package.json for its
 * version only; imported whole, the file is 0.6 kB gzip of the shell's remoteEntry. This gives it the version.
 */
function federationRuntimeVersionOnly(): Plugin {
  const file = require.resolve('@module-federation/runtime/package.json');
  const { version } = require(file) as { version: string };
  return {
    name: 'planner-federation-runtime-version',
    apply: 'build',
    load: (id) => (id === file ? JSON.stringify({ version }) : null),
  };
}

/** The service worker (src/service-worker.js), served at /service-worker.js and minified like the bundles: every visitor's browser fetches it. */
function serviceWorker(): Plugin {
  const source = path.join(import.meta.dirname, 'src', 'service-worker.js');
  return {
    name: 'planner-service-worker',
    apply: 'build',
    async generateBundle() {
      const { code } = await minify('service-worker.js', await readFile(source, 'utf8'));
      this.emitFile({ type: 'asset', fileName: 'service-worker.js', source: code });
    },
  };
}

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
    reactRouterProductionBuild(),
    federationRuntimeVersionOnly(),
    serviceWorker(),
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
