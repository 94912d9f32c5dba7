/**
 * The CORS headers of an actual (non-preflight) answer when CORS is on, as
 * @fastify/cors sets them on the gateway's own routes: always `Vary: Origin`
 * and the exposed headers, the caller's origin echoed only when allowed.
 * Preflights are answered by @fastify/cors itself.
 */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>, exposed: string): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin', 'access-control-expose-headers': exposed };
  if (origin !== undefined && allowed.has(origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}

/** A preflight: OPTIONS asking whether a cross-origin method may be used. */
export function isPreflight(method: string | undefined, headers: { origin?: string; 'access-control-request-method'?: string | string[] }): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}
