import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '@planner/contracts';
import { healthReport, type App } from '@planner/service-kit';
import { upstreamsOf } from '../config.js';
import type { GatewayContext } from '../context.js';
import { aggregateHealth, replicatedProbe, type AggregateHealth, type CheckResult, type ServiceProbe } from '../domain/health.js';
import { probeService } from '../adapters/upstream-client.js';

const checkSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
const probeSchema = z.object({
  status: z.enum(['up', 'degraded', 'down']),
  latencyMs: z.number(),
  error: z.string().optional(),
  checks: z.record(z.string(), checkSchema).optional(),
});
const responseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(
    z.string(),
    probeSchema.extend({
      /** A service with several replicas: each one's probe, in the order of its addresses; the service's fields are its best one's. */
      replicas: z.array(probeSchema).optional(),
    }),
  ),
  dependencies: z.record(z.string(), z.object({ status: z.enum(['up', 'down', 'unknown']), downFor: z.array(z.string()).optional() })),
  gateway: z.record(z.string(), checkSchema),
  unavailable: z.array(z.string()),
});

/**
 * GET /api/health: every service's /health in parallel (each replica's, each
 * with its own time-out), Postgres/Redis/NATS as the services report them plus the
 * gateway's own Redis and NATS; 200 when all is up, 503 otherwise. Concurrent
 * callers share one round of probes.
 */
export async function healthRoutes(app: App, { ctx }: { ctx: GatewayContext }): Promise<void> {
  const upstreams = upstreamsOf(ctx.config);
  const timeoutMs = ctx.config.HEALTH_TIMEOUT_MS;
  let inFlight: Promise<AggregateHealth> | undefined;

  async function collect(): Promise<AggregateHealth> {
    const [probes, own] = await Promise.all([
      Promise.all(SERVICE_NAMES.map(async (service) => replicatedProbe(await Promise.all(upstreams[service].map((url) => probeService(url, timeoutMs)))))),
      healthReport(ctx.name, ctx.health),
    ]);
    const services = Object.fromEntries(SERVICE_NAMES.map((service, i) => [service, probes[i]!])) as Record<ServiceName, ServiceProbe>;
    return aggregateHealth(services, own.checks as Record<string, CheckResult>);
  }

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['gateway'],
        summary: 'Health of every service and of Postgres, Redis and NATS',
        response: { 200: responseSchema, 503: responseSchema },
      },
    },
    async (_request, reply) => {
      inFlight ??= collect().finally(() => {
        inFlight = undefined;
      });
      const health = await inFlight;
      return reply
        .code(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
}
