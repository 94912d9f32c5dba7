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
