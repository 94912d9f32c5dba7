import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceMetrics } from '@planner/service-kit';
import { matchRoute, type RouteMatch } from '../domain/routes.js';

/** Stands for the answer of a request whose client left before it was sent (nginx's code for it). */
const CLIENT_GONE = 499;

/**
 * Request metrics of the requests the proxy takes (Fastify, which records the
 * gateway's own routes, never sees them): by the service they went to, with
 * its prefix as the route (`/api/auth/*`). Answers the function the server
 * calls for each one it handed to the proxy, with when it arrived.
 */
export function measureProxied(metrics: ServiceMetrics): (request: IncomingMessage, response: ServerResponse, startedAt: number) => void {
  if (!metrics.enabled) return () => undefined;
  const { requests } = metrics;
  const routes = new Map<RouteMatch, string>();
  return (request, response, startedAt) => {
    const match = matchRoute(request.url ?? '/')!;
    let route = routes.get(match);
    if (route === undefined) routes.set(match, (route = `${match.prefix}/*`));
    response.once('close', () => {
      const statusCode = response.headersSent ? response.statusCode : CLIENT_GONE;
      requests.record({ method: request.method!, route, statusCode, seconds: (performance.now() - startedAt) / 1000, upstream: match.service });
    });
  };
}
