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

/** A gateway path matched to the service owning it. */
export interface RouteMatch {
  service: ServiceName;
  /** The matched prefix as the gateway sees it, e.g. `/api/auth`. */
  prefix: string;
}

const byPrefix: RouteMatch[] = routeTable()
  .flatMap(({ service, prefixes }) => prefixes.map((prefix) => ({ service, prefix: `${API_PREFIX}${prefix}` })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

/** The service and prefix owning a gateway path (`/api/auth/login` → auth), or undefined. Query strings are ignored. */
export function matchRoute(url: string): RouteMatch | undefined {
  const path = stripQuery(url);
  for (const match of byPrefix) {
    const { prefix } = match;
    if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* / */)) return match;
  }
  return undefined;
}

/** The service owning a gateway path (`/api/auth/login` → auth), or undefined. */
export function serviceForPath(url: string): ServiceName | undefined {
  return matchRoute(url)?.service;
}

const CONTROL_CHARACTERS = /[\t\n\r\0]/g;

/**
 * Whether a path (no query) may be forwarded as it is: no `..` segment, also
 * percent-encoded or behind backslashes, and no undecodable escape. Node does
 * not normalise request paths, so without this `/api/auth/../x` would reach a
 * service outside its prefix.
 */
export function isForwardablePath(path: string): boolean {
  const cleaned = path.replace(CONTROL_CHARACTERS, '').replaceAll('\\', '/');
  if (!cleaned.includes('.') && !cleaned.includes('%')) return true; // the common case: nothing to decode
  let decoded: string;
  try {
    decoded = decodeURIComponent(cleaned).replaceAll('\\', '/');
  } catch {
    return false;
  }
  return !decoded.split('/').includes('..');
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
