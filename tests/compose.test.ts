import { describe, expect, it } from 'vitest';
import { buildArgs, commandOf, dependenciesOf, environmentOf, loadCompose, volumeTargets } from './support/compose.js';
import { parseDockerfile, stageEnv } from './support/dockerfile.js';
import { allServices, generationTimeoutMs, loadConfigSchema, readYaml, requiredKeys, SERVICE_PORTS, serviceFolders } from './support/repo.js';

const compose = loadCompose();
const services = allServices();
const INFRA = ['postgres', 'redis', 'nats'];

/** After the requests' time-out, what a container has to stop its jobs and release its connections before docker kills it. */
const JOBS_STOP_MS = 5000;

/** A compose duration (`40s`, `1m30s`, `500ms`) in milliseconds; NaN when it is none. */
function durationMs(value: string | undefined): number {
  const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...(value ?? '').matchAll(/(\d+(?:\.\d+)?)(h|ms|us|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) return Number.NaN;
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * UNIT_MS[unit!]!, 0);
}

function serviceOf(name: string) {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service "${name}"`);
  return service;
}

describe('docker-compose.yml: shape', () => {
  it('has a compose service for every folder in services/', () => {
    const missing = serviceFolders().filter((name) => !compose.services[name]);
    expect(missing, `services without a compose service: ${missing.join(', ')}`).toEqual([]);
  });

  it('has the gateway and all seven services of the architecture', () => {
    const missing = Object.keys(SERVICE_PORTS).filter((name) => !compose.services[name]);
    expect(missing).toEqual([]);
  });

  it('runs Postgres 16 and Redis 7 with healthchecks', () => {
    expect(serviceOf('postgres').image).toMatch(/^postgres:16(\b|-)/);
    expect(serviceOf('redis').image).toMatch(/^redis:7(\b|-)/);
    for (const name of INFRA) {
      const check = serviceOf(name).healthcheck;
      expect(check?.test, `${name} needs a healthcheck`).toBeTruthy();
      expect(check?.disable).not.toBe(true);
    }
  });

  it('pins every third-party image to an exact version, and tags its own images (never latest)', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const image = service.image ?? '';
      expect(image, `${name}: image`).toBeTruthy();
      const tag = image.slice(image.indexOf(':', image.lastIndexOf('/')) + 1);
      expect(tag, `${name}: ${image}`).not.toMatch(/latest/);
      if (image.startsWith('social-planner/')) expect(tag, `${name}: ${image}`).toMatch(/^\$\{TAG:-[\w.-]+\}$/);
      // Postgres numbers its releases major.minor (16.9); the others major.minor.patch.
      else expect(tag, `${name}: ${image} is pinned to an exact version`).toMatch(image.startsWith('postgres:') ? /^\d+\.\d+(-[a-z0-9.]+)?$/ : /^\d+\.\d+\.\d+(-[a-z0-9.]+)?$/);
    }
  });

  it('runs NATS 2.10 with JetStream whose store is on a volume', () => {
    const nats = serviceOf('nats');
    expect(nats.image).toMatch(/^nats:2\.10(\b|-)/);
    const command = commandOf(nats);
    expect(command.some((arg) => arg === '-js' || arg === '--jetstream'), `nats command: ${command.join(' ')}`).toBe(true);
    const storeFlag = command.findIndex((arg) => arg === '-sd' || arg === '--store_dir');
    expect(storeFlag, 'nats needs an explicit JetStream store dir').toBeGreaterThanOrEqual(0);
    const storeDir = command[storeFlag + 1]!;
    expect(volumeTargets(nats).some((target) => storeDir === target || storeDir.startsWith(`${target}/`))).toBe(true);
  });

  it('builds every service from the one Dockerfile with its SERVICE build arg', () => {
    for (const name of services) {
      const build = serviceOf(name).build;
      expect(build && typeof build === 'object', `${name} must be built from the Dockerfile`).toBe(true);
      if (!build || typeof build !== 'object') continue;
      expect(build.context ?? '.').toBe('.');
      expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
      expect(buildArgs(serviceOf(name)).SERVICE, `${name}: build arg SERVICE`).toBe(name);
      expect(build.target, `${name}: build target`).toBe(name === 'gateway' ? 'gateway' : 'service');
    }
  });

  it('publishes only the gateway, on 8080', () => {
    const gatewayPorts = (serviceOf('gateway').ports ?? []).map(String);
    expect(gatewayPorts.some((port) => /(^|:)(\$\{GATEWAY_PORT:-8080\}|8080):8080$/.test(port))).toBe(true);
    for (const name of services.filter((s) => s !== 'gateway')) {
      expect(serviceOf(name).ports ?? [], `${name} should not publish ports`).toEqual([]);
    }
  });
});

describe('docker-compose.yml: startup order and health', () => {
  it('gives every application service a healthcheck on /health', () => {
    const dockerfile = parseDockerfile();
    const serviceStage = dockerfile.stages.find((stage) => stage.name === 'service');
    const probe = serviceStage?.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
    for (const name of services) {
      const test = serviceOf(name).healthcheck?.test;
      expect(test, `${name} has no healthcheck`).toBeTruthy();
      const command = Array.isArray(test) ? test.join(' ') : String(test);
      // Either it names /health itself or runs the image's probe script, which requests /health.
      const script = /(\/\S+healthcheck\.mjs)/.exec(command)?.[1];
      if (script) expect(probe, `compose runs ${script}; the Dockerfile must install it`).toContain(script);
      else expect(command).toContain('/health');
    }
  });

  it('starts every service after healthy Postgres, Redis and NATS', () => {
    for (const name of services) {
      const deps = dependenciesOf(serviceOf(name));
      for (const infra of INFRA) expect(deps[infra], `${name} -> ${infra}`).toBe('service_healthy');
    }
  });

  it('starts the gateway after every service is healthy', () => {
    const deps = dependenciesOf(serviceOf('gateway'));
    for (const name of services.filter((s) => s !== 'gateway')) {
      expect(deps[name], `gateway -> ${name}`).toBe('service_healthy');
    }
  });

  it('only waits for health on services that have a healthcheck, and has no dependency cycle', () => {
    const names = Object.keys(compose.services);
    for (const name of names) {
      for (const [dep, condition] of Object.entries(dependenciesOf(serviceOf(name)))) {
        expect(names, `${name} depends on unknown service ${dep}`).toContain(dep);
        if (condition === 'service_healthy') expect(serviceOf(dep).healthcheck?.test, `${dep} needs a healthcheck`).toBeTruthy();
      }
    }
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string, trail: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) throw new Error(`dependency cycle: ${[...trail, name].join(' -> ')}`);
      visiting.add(name);
      for (const dep of Object.keys(dependenciesOf(serviceOf(name)))) visit(dep, [...trail, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of names) visit(name, []);
  });
});

describe('docker-compose.yml: environment', () => {
  for (const name of services) {
    describe(name, () => {
      const env = () => environmentOf(serviceOf(name));

      it('listens on its fixed port on all interfaces', () => {
        expect(env().PORT).toBe(String(SERVICE_PORTS[name] ?? env().PORT));
        expect(env().HOST).toBe('0.0.0.0');
        expect(env().NODE_ENV).toBe('production');
      });

      it('points DATABASE_URL, REDIS_URL, NATS_URL and JWKS_URL at the compose hosts', () => {
        const e = env();
        const db = new URL(e.DATABASE_URL ?? 'missing:');
        expect(db.protocol).toMatch(/^postgres(ql)?:$/);
        expect(db.hostname).toBe('postgres');
        expect(db.port || '5432').toBe('5432');
        expect(db.pathname).toBe('/planner');
        const redis = new URL(e.REDIS_URL ?? 'missing:');
        expect(redis.protocol).toBe('redis:');
        expect(redis.hostname).toBe('redis');
        expect(redis.port || '6379').toBe('6379');
        expect(e.NATS_URL).toBe('nats://nats:4222');
        expect(e.JWKS_URL).toBe('http://auth:4001/.well-known/jwks.json');
      });

      it('writes logs to a mounted volume', () => {
        const logDir = env().LOG_DIR;
        expect(logDir, 'LOG_DIR').toBeTruthy();
        expect(volumeTargets(serviceOf(name))).toContain(logDir);
      });

      it("sets every required key of its configSchema, and the values parse", async () => {
        const values = env();
        const schema = await loadConfigSchema(name, values);
        const missing = requiredKeys(schema).filter((key) => !(key in values));
        expect(missing, `${name}: required env missing from docker-compose.yml`).toEqual([]);
        // Empty values count as unset (as the service kit's loadConfig does).
        const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
        const result = schema.safeParse(set);
        const problems = result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
        expect(problems, `${name}: compose environment rejected by configSchema`).toEqual([]);
      });
    });
  }

  it("runs the scheduler's publish workers as a service of their own, on the scheduler's image", () => {
    expect(environmentOf(serviceOf('scheduler')).SCHEDULER_ROLE).toBe('api');
    expect(environmentOf(serviceOf('scheduler-worker')).SCHEDULER_ROLE).toBe('worker');
    expect(serviceOf('scheduler-worker').image).toBe(serviceOf('scheduler').image);
  });

  it('gives auth the admin credentials', () => {
    const env = environmentOf(serviceOf('auth'));
    expect(env.ADMIN_EMAIL).toMatch(/@/);
    expect(env.ADMIN_PASSWORD).toBeTruthy();
  });

  it('routes the gateway to every service by its compose hostname and port, each container a replica', () => {
    const env = environmentOf(serviceOf('gateway'));
    expect(env.UPSTREAM_DISCOVERY).toBe('dns');
    for (const name of services.filter((s) => s !== 'gateway')) {
      const key = `${name.toUpperCase()}_URL`;
      expect(env[key], key).toBe(`http://${name}:${SERVICE_PORTS[name] ?? ''}`);
    }
    expect(env.CORS_ORIGINS).toBeTruthy();
  });

  it('serves the frontend from the gateway, at the path the Dockerfile builds it to', () => {
    const env = environmentOf(serviceOf('gateway'));
    const gatewayStage = parseDockerfile().stages.find((stage) => stage.name === 'gateway');
    expect(gatewayStage, 'Dockerfile stage "gateway"').toBeDefined();
    expect(env.FRONTEND_DIST).toBe(stageEnv(gatewayStage!).FRONTEND_DIST);
    const copy = gatewayStage!.instructions.find((i) => i.keyword === 'COPY' && i.args.includes('--from=frontend'));
    // The shell's dist and the remotes' builds beside it (frontend/remotes/<name>/dist), served at /remotes/<name>/.
    expect(env.FRONTEND_DIST).toMatch(/\/shell\/dist$/);
    expect(copy?.args, 'gateway stage copies the built frontend').toContain(` ${env.FRONTEND_DIST!.replace(/shell\/dist$/, '')}`);
  });
});

describe('docker-compose.yml: graceful stop', () => {
  const containers = [...services, 'scheduler-worker'];

  it.each(containers)('%s: stop_grace_period outlasts SHUTDOWN_DRAIN_DELAY_MS, SHUTDOWN_TIMEOUT_MS and the jobs\' stop', (name) => {
    const env = environmentOf(serviceOf(name));
    // Set here (unset is NaN and fails), not left to the kit's defaults: the grace period is reckoned from them.
    const [drainMs, timeoutMs] = [Number(env.SHUTDOWN_DRAIN_DELAY_MS), Number(env.SHUTDOWN_TIMEOUT_MS)];
    const graceMs = durationMs((serviceOf(name) as { stop_grace_period?: string }).stop_grace_period);
    expect(graceMs, `${name}: stop_grace_period against ${drainMs} + ${timeoutMs} + ${JOBS_STOP_MS} ms`).toBeGreaterThanOrEqual(drainMs + timeoutMs + JOBS_STOP_MS);
  });

  it.each(['posts', 'gateway'])('%s: lets an AI generation under way finish when it stops', async (name) => {
    expect(Number(environmentOf(serviceOf(name)).SHUTDOWN_TIMEOUT_MS)).toBeGreaterThan(await generationTimeoutMs());
  });

  it('reads compose durations, and refuses what is none', () => {
    expect([durationMs('40s'), durationMs('1m30s'), durationMs('500ms'), durationMs('1h')]).toEqual([40_000, 90_000, 500, 3_600_000]);
    expect(durationMs('40')).toBeNaN();
    expect(durationMs(undefined)).toBeNaN();
  });
});

describe('docker-compose.yml: tracing', () => {
  const collector = serviceOf('otel-collector');
  const configFile = (collector.volumes ?? []).map(String).find((volume) => volume.includes('/etc/otelcol/'))!;
  type CollectorConfig = {
    receivers: { otlp: { protocols: { http: { endpoint: string } } } };
    processors: Record<string, unknown>;
    exporters: Record<string, { endpoint?: string }>;
    service: { pipelines: Record<string, { receivers: string[]; processors: string[]; exporters: string[] }> };
  };
  const config = () => readYaml<CollectorConfig>(configFile.split(':')[0]!.replace(/^\.\//, ''));

  it('runs the OpenTelemetry collector with its config from the repository, and Jaeger with its UI published', () => {
    expect(collector.image).toMatch(/^otel\/opentelemetry-collector(-contrib)?:/);
    expect(commandOf(collector).join(' ')).toContain(`--config=${configFile.split(':')[1]}`);
    expect(serviceOf('jaeger').image).toMatch(/^jaegertracing\/all-in-one:/);
    expect((serviceOf('jaeger').ports ?? []).map(String).some((port) => port.endsWith(':16686'))).toBe(true);
  });

  it('has every service send its spans to the collector over OTLP/HTTP, on the port the collector listens on', () => {
    const port = config().receivers.otlp.protocols.http.endpoint.split(':').at(-1);
    for (const name of services) {
      expect(environmentOf(serviceOf(name)).OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe(`http://otel-collector:${port}`);
      expect(dependenciesOf(serviceOf(name))['otel-collector'], `${name} -> otel-collector`).toBeDefined();
    }
  });

  it('passes the traces pipeline from OTLP to Jaeger through defined processors', () => {
    const { receivers, processors, exporters, service } = config();
    const traces = service.pipelines.traces!;
    for (const name of traces.receivers) expect(receivers, `receiver ${name}`).toHaveProperty(name);
    for (const name of traces.processors) expect(processors, `processor ${name}`).toHaveProperty(name);
    for (const name of traces.exporters) expect(exporters, `exporter ${name}`).toHaveProperty(name);
    expect(traces.exporters.map((name) => exporters[name]?.endpoint)).toContain('jaeger:4317');
    expect(dependenciesOf(collector)).toHaveProperty('jaeger');
  });
});
