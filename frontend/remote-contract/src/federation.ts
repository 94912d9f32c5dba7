import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import type { BuildEnvironmentOptions, Plugin, UserConfig } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import type { RemoteName } from './pages.js';

/**
 * Module-federation settings shared by the shell and every remote (used from
 * their vite.config.ts). The singletons must be shared with the same exact
 * requiredVersion everywhere, otherwise a second React lands on the page; a test
 * checks that every frontend workspace pins the same versions.
 */
export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query'] as const;

/**
 * What the shell puts in the share scope for a package instead of the whole of
 * it. A shared package is bundled with every export, since no build knows what a
 * remote will import: react-router-dom whole is 65 KB gzip, the exports the
 * frontend uses 14 KB. A test checks that every import from them is among them.
 */
export const SLIM_SHARES: Partial<Record<Singleton, string>> = {
  'react-router-dom': path.join(import.meta.dirname, 'shared', 'react-router-dom.ts'),
  '@tanstack/react-query': path.join(import.meta.dirname, 'shared', 'tanstack-react-query.ts'),
};

type Singleton = (typeof SINGLETONS)[number];
type Shared = Record<string, { singleton: true; requiredVersion: string; import?: string | false; eager?: boolean }>;

/**
 * The `shared` option of federation(): the singletons, from the calling package's
 * exact pins. The shell provides them (slim where SLIM_SHARES says) in its first
 * chunk (eager: one file instead of a lazily loaded one per share, 2.5 KB gzip
 * less); a remote only takes the shell's (import: false) and bundles no copy.
 */
export function sharedSingletons(dependencies: Record<string, string>, role: 'shell' | 'remote'): Shared {
  const share = (name: Singleton, slim?: string): Shared[string] => {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) throw new Error(`${name} must be a dependency of every frontend build (module-federation singleton)`);
    if (role === 'remote') return { singleton: true, requiredVersion, import: false };
    return { singleton: true, requiredVersion, ...(slim ? { import: slim } : {}), eager: true };
  };
  const shared: Shared = Object.fromEntries(SINGLETONS.map((name) => [name, share(name, SLIM_SHARES[name])]));
  // Subpath imports (react/jsx-runtime, react-dom/client, ...) share the same instance.
  shared['react/'] = share('react');
  shared['react-dom/'] = share('react-dom');
  return shared;
}

/** Where the gateway serves a remote's build: /remotes/<name>/ (its remoteEntry.js at the root). */
export function remoteBase(name: RemoteName): string {
  return `/remotes/${name}/`;
}

/** The file a remote's build writes, and the runtime manifest (/remotes.json) points to. */
export const REMOTE_ENTRY = 'remoteEntry.js';

/**
 * Rolldown tree-shaking for every frontend build: the contracts only declare
 * schemas and constants, so zod schemas a bundle does not use are dropped
 * (building a schema has no side effect) and zod stays out where none is used.
 */
export const treeshake = {
  // Other modules keep what their package.json says (zod, React and the router declare none).
  moduleSideEffects: [{ test: /\/packages\/contracts\//, sideEffects: false }],
  manualPureFunctions: ['z'],
  // Reading a property has no side effect: an unused schema that spreads a shared shape ({ ...ref }) is dropped with zod.
  propertyReadSideEffects: false as const,
};

/** The build options of every frontend build. */
export const buildOptions: BuildEnvironmentOptions = {
  target: 'esnext',
  modulePreload: { polyfill: false },
  rolldownOptions: { treeshake },
  outDir: 'dist',
  emptyOutDir: true,
};

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .gz and a .br beside every text file of the build, which the gateway
 * serves to browsers that accept them (@fastify/static preCompressed): the
 * bundles travel at a third of their size without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'planner-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((file) => path.join(outDir, String(file)));
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const content = await readFile(file);
            if (content.length < MIN_BYTES) return;
            await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
            await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          }),
      );
    },
  };
}

/**
 * The whole vite config of a remote: built alone, exposing './pages' (src/pages.ts,
 * its page loaders by name, `RemotePages<name>`), loaded by the shell at run time from /remotes.json's
 * URL. It runs on the shell's federation runtime and shared singletons, so it
 * ships neither. A page that pages.ts loads with import() is a chunk of its own;
 * what such pages share with the rest (share wrappers, contracts, components)
 * comes in one chunk, pages-common, rather than a small file each.
 */
export function remoteConfig(name: RemoteName, dependencies: Record<string, string>): UserConfig {
  // The remote's and the workspace packages' modules, and its share wrappers (the federation's other modules keep their own chunks).
  const ownCode = (id: string) => id.includes('__loadShare__') || (!id.includes('/node_modules/') && /\/(frontend|packages)\//.test(id));
  return {
    // Its chunks are fetched from where the gateway serves it; REMOTE_BASE moves it (no shell rebuild).
    base: process.env.REMOTE_BASE ?? remoteBase(name),
    plugins: [
      react(),
      federation({
        name,
        filename: REMOTE_ENTRY,
        exposes: { './pages': './src/pages.ts' },
        shared: sharedSingletons(dependencies, 'remote'),
        dts: false,
        experiments: { externalRuntime: true },
      }),
      precompress(),
    ],
    build: {
      ...buildOptions,
      rolldownOptions: { treeshake, output: { codeSplitting: { groups: [{ name: 'pages-common', test: ownCode, minShareCount: 2 }] } } },
    },
  };
}

/**
 * A remote's component tests (its vitest.config.ts): React, happy-dom, the
 * files under test/, no network. Kept apart from remoteConfig so tests do not
 * run the module-federation plugin.
 */
export function remoteTestConfig(): ViteUserConfig {
  return {
    plugins: [react()],
    test: {
      environment: 'happy-dom',
      include: ['test/**/*.test.{ts,tsx}'],
      // A test types and clicks through a page step by step in happy-dom: on a loaded 2-core CI machine
      // the longest took over vitest's 5 s default (the logs viewer's), so a time-out that flags a hang only.
      testTimeout: 20_000,
      // Tests reach only this machine: a file whose code tried another host fails. Resolved here, in
      // the config's Node, not at import (the shell's tests import this module in happy-dom).
      setupFiles: [fileURLToPath(new URL('../../../packages/service-kit/src/testing/vitest-no-network.ts', import.meta.url))],
    },
  };
}
