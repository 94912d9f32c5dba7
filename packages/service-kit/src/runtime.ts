import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { eventSchemas } from '@planner/contracts';
import { EventBus } from './bus.js';
import { baseConfigSchema, developmentSecretWarnings, loadConfig, type BaseConfig } from './config.js';
import { checkDatabase, createDataSource, openDataSource, type DataSourceOptions } from './database.js';
import { createLogger, type Logger } from './logger.js';
import { Outbox, OutboxRelay } from './outbox/outbox.js';
import { Queues } from './queues.js';
import { createRedis, type Redis } from './redis.js';
import { createServer, type App, type ServerOptions } from './server.js';
import { TokenVerifier } from './tokens.js';
import { startTracing, stopTracing } from './tracing.js';

/** Everything a service's routes, domain and consumers are given: built once in main, or per test. */
export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  name: string;
  config: C;
  logger: Logger;
  dataSource: DataSource;
  redis: Redis;
  /** BullMQ queues and workers on the same Redis. */
  queues: Queues;
  bus: EventBus;
  outbox: Outbox;
  relay: OutboxRelay;
  verifier: TokenVerifier;
  /** Health checks of the service's dependencies, for GET /health. */
  health: Record<string, () => Promise<unknown>>;
}

export interface ServiceDefinition<S extends z.ZodType<BaseConfig>> {
  name: string;
  configSchema: S;
  entities?: DataSourceOptions['entities'];
  migrations?: DataSourceOptions['migrations'];
  buildApp: (ctx: ServiceContext<z.infer<S>>) => Promise<App>;
  /** Work after the app is built and before it listens: consumers, seeds. */
  onStart?: (ctx: ServiceContext<z.infer<S>>) => Promise<void>;
}

/** Connects a service's infrastructure: its schema (migrated), Redis, the bus and the outbox relay. */
export async function connectInfrastructure<C extends BaseConfig>(options: {
  name: string;
  config: C;
  logger: Logger;
  schema: string;
  entities?: DataSourceOptions['entities'];
  migrations?: DataSourceOptions['migrations'];
  redisPrefix?: string;
  namespace?: string;
  /** A verifier of other keys (tests); revocations reach it all the same. */
  verifier?: TokenVerifier;
}): Promise<ServiceContext<C>> {
  const { name, config, logger } = options;
  const dataSource = await openDataSource(
    createDataSource({ url: config.DATABASE_URL, schema: options.schema, entities: options.entities, migrations: options.migrations }),
  );
  const redis = createRedis(config.REDIS_URL, options.redisPrefix ?? `${name}:`);
  const queues = new Queues(config.REDIS_URL, options.redisPrefix ? `${options.redisPrefix}bull` : 'bull');
  const bus = await EventBus.connect({ url: config.NATS_URL, name, namespace: options.namespace, logger });
  const relay = new OutboxRelay({ dataSource, bus, logger });
  const verifier = followRevocations(bus, options.verifier ?? new TokenVerifier({ jwks: config.JWKS_URL }), logger);
  return {
    name,
    config,
    logger,
    dataSource,
    redis,
    queues,
    bus,
    outbox: new Outbox(),
    relay,
    verifier,
    health: {
      postgres: () => checkDatabase(dataSource),
      redis: () => redis.ping(),
      nats: () => bus.ping(),
    },
  };
}

/** The service's Fastify instance wired to its context: logger, health checks, token verifier. */
export function createServiceServer(ctx: ServiceContext, options: Omit<ServerOptions, 'name' | 'logger' | 'health' | 'verifier'> = {}): Promise<App> {
  return createServer({ name: ctx.name, logger: ctx.logger, health: ctx.health, verifier: ctx.verifier, ...options });
}

/**
 * Ends revoked sessions' tokens in this verifier. Every replica must see every
 * revocation, so this is a plain subscription, not a shared durable consumer.
 */
export function followRevocations(bus: EventBus, verifier: TokenVerifier, logger: Logger): TokenVerifier {
  bus.subscribe('auth.sessions.revoked', (event) => {
    const revoked = eventSchemas['auth.sessions.revoked'].safeParse(event.data);
    if (!revoked.success) return logger.warn({ eventId: event.eventId, schemaVersion: event.schemaVersion }, 'malformed session revocation ignored');
    verifier.revokeSessions(revoked.data.sessionIds);
  });
  return verifier;
}

export async function disconnectInfrastructure(ctx: ServiceContext): Promise<void> {
  await ctx.relay.stop();
  await ctx.queues.close();
  await ctx.bus.close();
  ctx.redis.disconnect();
  if (ctx.dataSource.isInitialized) await ctx.dataSource.destroy();
}

/**
 * Stops in order on SIGTERM/SIGINT: stop taking requests, finish in-flight
 * ones, then release infrastructure. A second signal exits at once.
 */
export function onShutdown(logger: Logger, steps: Array<() => Promise<unknown>>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, 'error during shutdown');
      }
    }
    await stopTracing();
    logger.flush();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** A service's main: config, tracing, infrastructure, app, listen, graceful shutdown. Only this listens. */
export async function runService<S extends z.ZodType<BaseConfig>>(definition: ServiceDefinition<S>): Promise<void> {
  const { name } = definition;
  let logger: Logger | undefined;
  try {
    const config = loadConfig(definition.configSchema) as z.infer<S> & { PORT: number };
    startTracing({ serviceName: name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
    logger = createLogger({ service: name, level: config.LOG_LEVEL, logDir: config.LOG_DIR });
    for (const warning of developmentSecretWarnings(config)) logger.warn(warning);
    const ns = config.NAMESPACE;
    const ctx = await connectInfrastructure({
      name,
      config,
      logger,
      schema: ns ? `${ns}_${name}` : name,
      entities: definition.entities,
      migrations: definition.migrations,
      redisPrefix: ns ? `${ns}:${name}:` : `${name}:`,
      namespace: ns,
    });
    const app = await definition.buildApp(ctx);
    await definition.onStart?.(ctx);
    await ctx.relay.start();
    await app.listen({ port: config.PORT, host: config.HOST });
    onShutdown(logger, [() => app.close(), () => disconnectInfrastructure(ctx)]);
  } catch (error) {
    const log = logger ?? createLogger({ service: name, level: 'info' });
    log.fatal({ err: error }, `${name} failed to start: ${(error as Error).message}`);
    log.flush();
    setTimeout(() => process.exit(1), 100);
  }
}

export { baseConfigSchema };
