import type { ServiceName } from '@planner/contracts';
import { API_PREFIX } from './routes.js';

/** The parts of an OpenAPI 3 document the merge touches; the rest passes through. */
export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface ServiceDocument {
  service: ServiceName;
  /** The service's API prefixes: only paths under them are reachable through the gateway. */
  prefixes: readonly string[];
  document: OpenApiDocument | null;
  /** Why the document is missing. */
  error?: string;
}

export interface MergeInput {
  title: string;
  version: string;
  /** The gateway's own routes, already under /api. */
  gateway: OpenApiDocument;
  services: ServiceDocument[];
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function underPrefix(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Tags each operation of a path item with the service, unless it has tags. */
function tagOperations(item: Record<string, unknown>, tag: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (HTTP_METHODS.has(key) && value && typeof value === 'object') {
      const operation = value as { tags?: string[] };
      out[key] = operation.tags?.length ? operation : { ...operation, tags: [tag] };
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Renames a service's component names that clash with ones already merged
 * (`User` → `auth_User`), rewriting its `$ref`s to match.
 */
function renameClashes(document: OpenApiDocument, service: string, taken: Record<string, Record<string, unknown>>): OpenApiDocument {
  const renames: Array<[string, string]> = [];
  for (const [section, entries] of Object.entries(document.components ?? {})) {
    for (const [name, value] of Object.entries(entries ?? {})) {
      const existing = taken[section]?.[name];
      if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(value)) {
        renames.push([`#/components/${section}/${name}"`, `#/components/${section}/${service}_${name}"`]);
      }
    }
  }
  if (renames.length === 0) return document;
  let text = JSON.stringify(document);
  for (const [from, to] of renames) text = text.replaceAll(from, to);
  const renamed = JSON.parse(text) as OpenApiDocument;
  for (const [from, to] of renames) {
    const [, , section, name] = from.slice(0, -1).split('/');
    const newName = to.slice(0, -1).split('/')[3]!;
    const entries = renamed.components![section!]!;
    entries[newName] = entries[name!];
    delete entries[name!];
  }
  return renamed;
}

/**
 * One document for the whole API: every service's paths under /api (only those
 * the gateway routes to it), tagged by service, components merged, plus the
 * gateway's own routes. Services whose document could not be fetched are named
 * in the description and in `x-unavailable-services` instead of failing the page.
 */
export function mergeOpenApi({ title, version, gateway, services }: MergeInput): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  };
  const tags: Array<{ name: string; description?: string }> = [{ name: 'gateway', description: 'Health, version and logs, answered by the gateway.' }];
  const unavailable: Array<{ service: string; error: string }> = [];

  for (const [path, item] of Object.entries(gateway.paths ?? {})) paths[path] = tagOperations(item, 'gateway');

  for (const { service, prefixes, document, error } of services) {
    if (!document) {
      unavailable.push({ service, error: error ?? 'unavailable' });
      tags.push({ name: service, description: `The ${service} service: its API description is unavailable right now.` });
      continue;
    }
    const doc = renameClashes(document, service, components);
    tags.push({ name: service, description: doc.info?.description ?? `The ${service} service.` });
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (!underPrefix(path, prefixes)) continue;
      paths[`${API_PREFIX}${path}`] = tagOperations(item, service);
    }
    for (const [section, entries] of Object.entries(doc.components ?? {})) {
      components[section] = { ...(entries ?? {}), ...(components[section] ?? {}) };
    }
  }

  const description = [
    'Every path is served through the gateway under /api. Send the access token as `Authorization: Bearer <token>`.',
    unavailable.length > 0 ? `Unavailable right now: ${unavailable.map((u) => u.service).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const firstVersion = services.find((s) => s.document?.openapi)?.document?.openapi ?? gateway.openapi ?? '3.0.3';
  return {
    openapi: firstVersion,
    info: { title, version, description },
    servers: [{ url: '/' }],
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components,
    'x-unavailable-services': unavailable,
  };
}
