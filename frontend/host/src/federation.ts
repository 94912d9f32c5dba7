import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Module-federation settings shared by the shell and every remote (used from
 * their vite.config.ts). The singletons must be shared with the same exact
 * requiredVersion everywhere, otherwise a second React lands on the page; a test
 * checks that every frontend workspace pins the same versions.
 */
export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query'] as const;

type Shared = Record<string, { singleton: true; requiredVersion: string }>;

/** The `shared` option of federation(): the singletons, from the calling package's exact pins. */
export function sharedSingletons(dependencies: Record<string, string>): Shared {
  const shared: Shared = {};
  for (const name of SINGLETONS) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) throw new Error(`${name} must be a dependency of every frontend build (module-federation singleton)`);
    shared[name] = { singleton: true, requiredVersion };
  }
  // Subpath imports (react/jsx-runtime, react-dom/client, ...) share the same instance.
  shared['react/'] = { singleton: true, requiredVersion: shared.react!.requiredVersion };
  shared['react-dom/'] = { singleton: true, requiredVersion: shared['react-dom']!.requiredVersion };
  return shared;
}

/** Where the gateway serves a remote's build: /remotes/<name>/ (its remoteEntry.js at the root). */
export function remoteBase(name: string): string {
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
  moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
  manualPureFunctions: ['z'],
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
