import type { ServiceName } from '@planner/contracts';

/** What the gateway learnt from one service's GET /health. */
export interface ServiceProbe {
  /** up: 200 and all its checks up; degraded: it answered but a dependency is down; down: no (valid) answer in time. */
  status: 'up' | 'degraded' | 'down';
  latencyMs: number;
  error?: string;
  checks?: Record<string, CheckResult>;
  /** Each replica's probe, in the order of the service's addresses, when it has several; the service's own fields are its best replica's. */
  replicas?: ServiceProbe[];
}

export interface CheckResult {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
  /** Facts a check reports beside its status (NATS: how many events are parked). */
  details?: Record<string, unknown>;
}

export interface DependencyStatus {
  /** unknown: nobody able to report on it answered. */
  status: 'up' | 'down' | 'unknown';
  /** Who found it down (service names or 'gateway'). */
  downFor?: string[];
}

/** The infrastructure /api/health reports on, from the services' reports and the gateway's own checks. */
export const DEPENDENCIES = ['postgres', 'redis', 'nats'] as const;

export interface AggregateHealth {
  status: 'ok' | 'degraded';
  services: Record<string, ServiceProbe>;
  dependencies: Record<(typeof DEPENDENCIES)[number], DependencyStatus>;
  gateway: Record<string, CheckResult>;
  /** Services that are not up, for a quick read. */
  unavailable: string[];
}

/** What a draining replica's /health says (the kit's, between SIGTERM and closing): down for the gateway, which takes it out. */
export const DRAINING = 'draining';

/** Reads a service's /health answer (the kit's HealthReport) into a probe. */
export function probeFromReport(httpStatus: number, body: unknown, latencyMs: number): ServiceProbe {
  const report = body as { status?: unknown; checks?: unknown } | null;
  if (report?.status === DRAINING) return { status: 'down', latencyMs, error: DRAINING };
  if (!report || typeof report !== 'object' || (report.status !== 'ok' && report.status !== 'degraded')) {
    return { status: 'down', latencyMs, error: `unexpected answer (HTTP ${httpStatus})` };
  }
  const checks: Record<string, CheckResult> = {};
  if (report.checks && typeof report.checks === 'object') {
    for (const [name, value] of Object.entries(report.checks as Record<string, CheckResult>)) {
      checks[name] = {
        status: value?.status === 'up' ? 'up' : 'down',
        latencyMs: value?.latencyMs,
        ...(value?.error ? { error: value.error } : {}),
        ...(value?.details && typeof value.details === 'object' ? { details: value.details } : {}),
      };
    }
  }
  const up = httpStatus === 200 && report.status === 'ok' && Object.values(checks).every((c) => c.status === 'up');
  return { status: up ? 'up' : 'degraded', latencyMs, checks };
}

const RANK = { up: 0, degraded: 1, down: 2 } as const;

/** A service of several replicas: its best replica's probe (the first of the best), with every replica's. */
export function replicatedProbe(replicas: readonly ServiceProbe[]): ServiceProbe {
  if (replicas.length === 1) return replicas[0]!;
  const best = replicas.reduce((chosen, probe) => (RANK[probe.status] < RANK[chosen.status] ? probe : chosen));
  return { ...best, replicas: [...replicas] };
}

/** 200 only when every service (every replica of it) and every dependency is up. */
export function aggregateHealth(services: Record<ServiceName, ServiceProbe>, gateway: Record<string, CheckResult>): AggregateHealth {
  const dependencies = {} as AggregateHealth['dependencies'];
  for (const dependency of DEPENDENCIES) {
    const reports: Array<[string, CheckResult]> = [];
    for (const [service, probe] of Object.entries(services)) {
      for (const replica of probe.replicas ?? [probe]) {
        const check = replica.checks?.[dependency];
        if (check) reports.push([service, check]);
      }
    }
    const own = gateway[dependency];
    if (own) reports.push(['gateway', own]);
    const down = [...new Set(reports.filter(([, check]) => check.status !== 'up').map(([who]) => who))];
    dependencies[dependency] =
      reports.length === 0 ? { status: 'unknown' } : down.length > 0 ? { status: 'down', downFor: down } : { status: 'up' };
  }
  const unavailable = Object.entries(services)
    .filter(([, probe]) => probe.status !== 'up')
    .map(([service]) => service);
  const gatewayUp = Object.values(gateway).every((check) => check.status === 'up');
  const everyReplicaUp = Object.values(services).every((probe) => (probe.replicas ?? [probe]).every((replica) => replica.status === 'up'));
  const ok = unavailable.length === 0 && everyReplicaUp && gatewayUp && Object.values(dependencies).every((d) => d.status === 'up');
  return { status: ok ? 'ok' : 'degraded', services, dependencies, gateway, unavailable };
}
