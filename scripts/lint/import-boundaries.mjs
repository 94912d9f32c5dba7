// ESLint rules for the import boundaries between workspaces (issue 14.7), used by eslint.config.js.
//
// Each import is resolved to the folder it lands in — a relative path against the importing file,
// `@planner/<name>[/sub]` through the workspaces of the root package.json — so `.js`-suffixed
// relative imports, `import type`, `export … from` and `import()` are judged the same way:
//   - a service never imports another service (services/X → services/Y);
//   - the frontend never imports a service (frontend/** → services/**);
//   - route modules never import entities (services/*/src/routes/** → services/*/src/entities/**).
import path from 'node:path';
import { repoRoot } from '../lib/common.mjs';
import { listWorkspaces } from '../lib/workspace.mjs';

const SERVICE = /^services\/([^/]+)\//;
const ROUTES = /^services\/([^/]+)\/src\/routes\//;
const ENTITIES = /^services\/([^/]+)\/src\/entities(\/|$)/;
const TEST = /^services\/[^/]+\/test\//;

/** What a service's tests may import from another service: test support, not its code. */
const TEST_SUPPORT = new Set(['@planner/gateway/testing']);

let workspaceDirs;
function workspaceDir(packageName) {
  workspaceDirs ??= new Map(listWorkspaces().map((w) => [w.name, w.dir]));
  return workspaceDirs.get(packageName);
}

const relativeToRoot = (file) => path.relative(repoRoot, file).split(path.sep).join('/');

/** The repository-relative path an import lands in (a folder for a workspace package), or null outside the repository. */
function targetOf(specifier, fromFile) {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
    return target.startsWith('../') ? null : target;
  }
  const match = /^(@planner\/[^/]+)(\/.*)?$/.exec(specifier);
  const dir = match && workspaceDir(match[1]);
  return dir ? `${dir}/` : null;
}

/** Calls `check(node, specifier)` for every import, re-export and literal dynamic import of a module. */
function eachImport(check) {
  const literal = (node, source) => source && typeof source.value === 'string' && check(node, source.value);
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => node.source.type === 'Literal' && literal(node, node.source),
    TSImportEqualsDeclaration: (node) => node.moduleReference.type === 'TSExternalModuleReference' && literal(node, node.moduleReference.expression),
  };
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Services import no other service, the frontend imports no service, routes import no entities.' },
    schema: [
      {
        type: 'object',
        properties: {
          // Route modules that still import entities (temporary, see eslint.config.js).
          routeEntityExceptions: { type: 'array', items: { type: 'string' } },
          // Test files allowed to import these other services: { file: [service, ...] } (temporary).
          crossServiceTestExceptions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      otherService: 'services/{{from}} must not import from services/{{to}} ("{{specifier}}"): call it over HTTP or NATS, or move shared code to packages/.',
      frontendService: 'The frontend must not import from a service ("{{specifier}}"): use the API, and @planner/contracts for shared schemas.',
      routeEntity: 'Route modules must not import entities ("{{specifier}}"): do database work in commands/ and return plain objects.',
    },
  },
  create(context) {
    const file = relativeToRoot(context.filename);
    const { routeEntityExceptions = [], crossServiceTestExceptions = {} } = context.options[0] ?? {};
    const fromService = SERVICE.exec(file)?.[1];
    const isFrontend = file.startsWith('frontend/');
    const isRoute = ROUTES.test(file);
    if (!fromService && !isFrontend) return {};
    return eachImport((node, specifier) => {
      const target = targetOf(specifier, file);
      if (!target) return;
      const toService = SERVICE.exec(target)?.[1];
      if (isFrontend && toService) {
        context.report({ node, messageId: 'frontendService', data: { specifier } });
      } else if (fromService && toService && toService !== fromService) {
        const testSupport = TEST.test(file) && TEST_SUPPORT.has(specifier);
        const excepted = crossServiceTestExceptions[file]?.includes(toService);
        if (!testSupport && !excepted) context.report({ node, messageId: 'otherService', data: { from: fromService, to: toService, specifier } });
      } else if (isRoute && ENTITIES.test(target) && !routeEntityExceptions.includes(file)) {
        context.report({ node, messageId: 'routeEntity', data: { specifier } });
      }
    });
  },
};

/** Warns on an exception list entry whose file no longer needs it, so the list only shrinks. */
const staleExceptions = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Entries of the temporary exception lists whose file is clean.' },
    schema: importBoundaries.meta.schema,
    messages: {
      clean: '{{file}} no longer imports {{what}}: delete its entry from {{list}} in eslint.config.js.',
    },
  },
  create(context) {
    const file = relativeToRoot(context.filename);
    const { routeEntityExceptions = [], crossServiceTestExceptions = {} } = context.options[0] ?? {};
    const allowedServices = crossServiceTestExceptions[file] ?? [];
    const listedRoute = routeEntityExceptions.includes(file);
    if (!listedRoute && !allowedServices.length) return {};
    const seen = new Set();
    return {
      ...eachImport((_node, specifier) => {
        const target = targetOf(specifier, file);
        if (!target) return;
        if (ENTITIES.test(target)) seen.add('entities');
        const toService = SERVICE.exec(target)?.[1];
        if (toService) seen.add(toService);
      }),
      'Program:exit'(node) {
        if (listedRoute && !seen.has('entities')) {
          context.report({ node, messageId: 'clean', data: { file, what: 'entities', list: 'ROUTE_ENTITY_EXCEPTIONS' } });
        }
        for (const service of allowedServices.filter((s) => !seen.has(s))) {
          context.report({ node, messageId: 'clean', data: { file, what: `services/${service}`, list: 'CROSS_SERVICE_TEST_EXCEPTIONS' } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'planner' },
  rules: { 'import-boundaries': importBoundaries, 'stale-boundary-exceptions': staleExceptions },
};
