import type { FastifyInstance } from 'fastify';

/** Fails when the dependency is down; may answer facts worth showing beside its status (an object), e.g. the bus's parked events. */
export type HealthCheck = () => Promise<unknown>;

export interface DependencyHealth {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
  /** What the check answered: facts that do not make the dependency down. */
  details?: Record<string, unknown>;
}

export interface HealthReport {
  /** draining: the service is stopping (SIGTERM) and must get no new requests; it still serves those it gets. */
  status: 'ok' | 'degraded' | 'draining';
  service: string;
  uptimeSeconds: number;
  checks: Record<string, DependencyHealth>;
}

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: HealthCheck): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    const details = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? { details: answer as Record<string, unknown> } : {};
    return { status: 'up', latencyMs: Math.round(performance.now() - started), ...details };
  } catch (error) {
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export async function healthReport(service: string, checks: Record<string, HealthCheck>): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => runCheck(checks[name]!)));
  const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
  return {
    status: results.every((r) => r.status === 'up') ? 'ok' : 'degraded',
    service,
    uptimeSeconds: Math.round(process.uptime()),
    checks: report,
  };
}

/** What /health answers while the service drains: no check is run. */
function drainingReport(service: string): HealthReport {
  return { status: 'draining', service, uptimeSeconds: Math.round(process.uptime()), checks: {} };
}

/**
 * `GET /health`: 200 when every dependency answers, 503 with the failing ones
 * named otherwise, and 503 "draining" once the service is stopping
 * (readiness). `GET /health/live`: the process answers (liveness), so an
 * outage of Postgres does not get every pod restarted.
 */
export function registerHealthRoute(app: FastifyInstance, service: string, checks: Record<string, HealthCheck>, draining: () => boolean = () => false): void {
  // Probed every second by the gateway for each replica, and by orchestrators: not worth a log line each.
  const options = { schema: { hide: true }, logLevel: 'warn' } as const;
  app.get('/health/live', options, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok', service }));
  app.get('/health', options, async (_request, reply) => {
    const report = draining() ? drainingReport(service) : await healthReport(service, checks);
    return reply.status(report.status === 'ok' ? 200 : 503).header('cache-control', 'no-store').send(report);
  });
}
