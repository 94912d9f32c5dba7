import { federation } from '@module-federation/vite';
import { REMOTE_ENTRY, remoteBase, sharedSingletons, precompress, treeshake } from '../../host/src/federation.js';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const name = 'account';

/** A module-federation remote: built alone, loaded by the shell at run time from /remotes.json's URL. */
export default defineConfig({
  // Its chunks are fetched from where the gateway serves it; REMOTE_BASE moves it (no shell rebuild).
  base: process.env.REMOTE_BASE ?? remoteBase(name),
  plugins: [
    react(),
    federation({
      name,
      filename: REMOTE_ENTRY,
      exposes: { './pages': './src/pages.ts' },
      shared: sharedSingletons(pkg.dependencies),
      dts: false,
    }),
    precompress(),
  ],
  build: {
    target: 'esnext',
    rolldownOptions: { treeshake },
    outDir: 'dist',
    emptyOutDir: true,
  },
});
