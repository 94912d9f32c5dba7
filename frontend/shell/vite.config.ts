import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The shell is the module-federation host. Remotes (frontend/remotes/<area>)
 * are added to `remotes` as they appear; every remote must share the same
 * singletons with the same requiredVersion (the exact versions pinned in this
 * package.json), otherwise two copies of React end up on the page.
 */
const singletons = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query'] as const;
type Singleton = (typeof singletons)[number];

const shared: Record<string, { singleton: true; requiredVersion: string }> = {};
for (const name of singletons) {
  const requiredVersion = pkg.dependencies[name as Singleton];
  shared[name] = { singleton: true, requiredVersion };
}
// Subpath imports (react/jsx-runtime, react-dom/client, ...) share the same instance.
shared['react/'] = { singleton: true, requiredVersion: pkg.dependencies.react };
shared['react-dom/'] = { singleton: true, requiredVersion: pkg.dependencies['react-dom'] };

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      remotes: {},
      shared,
      dts: false,
    }),
  ],
  build: {
    target: 'esnext',
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    // In development the gateway runs on 8080; the dev server forwards the API to it.
    proxy: {
      '/api': { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
