// ESLint for the whole repository: `npm run lint` (also a step of `npm test`).
// Recommended rules of ESLint and typescript-eslint (syntax only, no type information: the whole
// tree lints in seconds; `npm run typecheck` does the type checking), plus the import boundaries
// between workspaces (scripts/lint/import-boundaries.mjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import planner from './scripts/lint/import-boundaries.mjs';

/** Route modules allowed to import entities: none (issue 14.4 moved their database work to commands/). */
const ROUTE_ENTITY_EXCEPTIONS = [];

/**
 * Test files that import another service's code (beyond `@planner/gateway/testing`, which every
 * service's tests may use). Temporary: the content → notifications end-to-end test runs
 * notifications in-process; its place is tests/, beside newsletter-exactly-once.int.test.ts.
 */
const CROSS_SERVICE_TEST_EXCEPTIONS = {
  'services/content/test/newsletter-e2e.int.test.ts': ['notifications'],
};

const boundaries = { routeEntityExceptions: ROUTE_ENTITY_EXCEPTIONS, crossServiceTestExceptions: CROSS_SERVICE_TEST_EXCEPTIONS };

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/coverage/', '.data/', 'logs/', 'var/', 'bench/results/'] },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { planner },
    rules: {
      // A leading underscore marks a name kept on purpose, e.g. what a rest destructuring leaves out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'planner/import-boundaries': ['error', boundaries],
      'planner/stale-boundary-exceptions': ['warn', boundaries],
    },
  },
  { files: ['frontend/**/*.{ts,tsx}'], ignores: ['frontend/*/vite*.config.ts', 'frontend/remotes/*/vite*.config.ts'], languageOptions: { globals: globals.browser } },
  { files: ['frontend/shell/src/service-worker.js'], languageOptions: { globals: globals.serviceworker } },
);
