import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { METRICS_CONTENT_TYPE, METRICS_PATH, type ServiceMetrics } from './metrics.js';

/** The route of a request no route matched (a 404): one value, whatever its URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request metrics on every route, by the route's pattern (`/posts/:id`, never
 * the URL: the series stay as few as the routes), and GET /metrics on the
 * service's HTTP port (unless it has a port of its own): answered to anyone,
 * as /health is, and not counted itself. Nothing when metrics are off.
 */
export const metricsRoutes = fp<{ metrics: ServiceMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    if (!metrics.enabled) return;
    const { requests } = metrics;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== METRICS_PATH) {
        requests.record({ method: request.method, route: route ?? UNMATCHED_ROUTE, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 });
      }
      done();
    });
    if (metrics.port !== undefined) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(await metrics.scrape()),
    );
  },
  { name: 'metrics' },
);
