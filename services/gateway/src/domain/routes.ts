import { SERVICE_NAMES, SERVICES, type ServiceName } from '@planner/contracts';

/** Every API path lives under this prefix; the gateway strips it before forwarding (ARCHITECTURE §1). */
export const API_PREFIX = '/api';

export interface ServiceRoute {
  service: ServiceName;
  /** The service's own prefixes, e.g. ['/organizations', '/platforms', '/oauth']. */
  prefixes: readonly string[];
}

/** The routing table: which service owns which `/api/<prefix>` (from contracts' SERVICES). */
export function routeTable(): ServiceRoute[] {
  return SERVICE_NAMES.map((service) => ({ service, prefixes: SERVICES[service].prefixes }));
}

/** The Fastify route patterns (relative to /api) that reach a service: each prefix itself and everything below it. */
export function proxyRoutePatterns(route: ServiceRoute): string[] {
  return route.prefixes.flatMap((prefix) => [prefix, `${prefix}/*`]);
}

const byPrefix = routeTable()
  .flatMap(({ service, prefixes }) => prefixes.map((prefix) => ({ service, prefix: `${API_PREFIX}${prefix}` })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The service owning a gateway path (`/api/auth/login` → auth), or undefined. Query strings are ignored. */
export function serviceForPath(url: string): ServiceName | undefined {
  const path = stripQuery(url);
  for (const { service, prefix } of byPrefix) {
    if (path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */)) return service;
  }
  return undefined;
}

/** What a service sees of a gateway URL: `/api/auth/login?x=1` → `/auth/login?x=1`. */
export function upstreamUrl(url: string): string {
  return url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : url;
}

export function stripQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Paths the gateway answers itself, never rate limited: polled by every open page. */
export function isUnmeteredPath(path: string): boolean {
  return (
    path === '/api/health' ||
    path === '/api/version' ||
    path === '/api/docs' ||
    path.startsWith('/api/docs/') ||
    !(path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))
  );
}
