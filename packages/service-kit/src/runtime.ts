import type { DataSource } from 'typeorm';
import { eventSchemas } from '@planner/contracts';
import { EventBus } from './bus.js';
import { baseConfigSchema, type BaseConfig } from './config.js';
import type { DataSourceOptions } from './database.js';
import type { HealthCheck } from './health.js';
import type { Logger } from './logger.js';
import { createServiceMetrics, observeConsumerLag, type ServiceMetrics } from './metrics.js';
import type { Outbox, OutboxRelay } from './outbox/outbox.js';
import type { Queues } from './queues.js';
import { createRedis, type Redis } from './redis.js';
import { createServer, type App, type ServerOptions } from './server.js';
import { MAX_ACCESS_TOKEN_LIFETIME_MS, TokenVerifier } from './tokens.js';
import { stopTracing } from './tracing.js';

/** What every service runs on, with or without a database of its own (the gateway has none). */
export interface BaseServiceContext<C extends BaseConfig = BaseConfig> {
  name: string;
  config: C;
  logger: Logger;
  redis: Redis;
  bus: EventBus;
  verifier: TokenVerifier;
  /** Health checks of the service's dependencies, for GET /health. */
  health: Record<string, HealthCheck>;
  /** Its metrics: requests, the outbox and consumers' backlogs, and its own instruments. */
  metrics: ServiceMetrics;
}

/** Everything a service with its own Postgres schema is given: built once in main, or per test. */
export interface ServiceContext<C extends BaseConfig = BaseConfig> extends BaseServiceContext<C> {
  dataSource: DataSource;
  /** BullMQ queues and workers on the same Redis. */
  queues: Queues;
  outbox: Outbox;
  relay: OutboxRelay;
}

/** A service's own Postgres schema: its entities and the migrations that make them. */
export interface DatabaseDefinition {
  entities?: DataSourceOptions['entities'];
  migrations?: DataSourceOptions['migrations'];
}

/** Makes the service's Redis client; the kit's resilient one unless a service needs another (the gateway's fails fast). */
export type RedisFactory = (options: { url: string; keyPrefix: string; logger: Logger }) => Promise<Redis>;

export interface InfrastructureOptions<C extends BaseConfig> {
  name: string;
  config: C;
  logger: Logger;
  /** Postgres schema name; with `database`, the service's tables live there. */
  schema?: string;
  database?: DatabaseDefinition;
  redisPrefix?: string;
  redis?: RedisFactory;
  namespace?: string;
  /** A verifier of other keys (tests); revocations reach it all the same. */
  verifier?: TokenVerifier;
}

/** Connects a service's infrastructure: its schema (migrated) when it has a database, Redis, the bus and the outbox relay. */
export async function connectInfrastructure<C extends BaseConfig>(options: InfrastructureOptions<C> & { database: DatabaseDefinition }): Promise<ServiceContext<C>>;
export async function connectInfrastructure<C extends BaseConfig>(options: InfrastructureOptions<C>): Promise<BaseServiceContext<C>>;
export async function connectInfrastructure<C extends BaseConfig>(options: InfrastructureOptions<C>): Promise<BaseServiceContext<C> | ServiceContext<C>> {
  const { name, config, logger } = options;
  const metrics = await createServiceMetrics(name, config, logger);
  const keyPrefix = options.redisPrefix ?? `${name}:`;
  const redis = options.redis ? await options.redis({ url: config.REDIS_URL, keyPrefix, logger }) : createRedis(config.REDIS_URL, keyPrefix);
  const bus = await EventBus.connect({ url: config.NATS_URL, name, namespace: options.namespace, logger }).catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const verifier = await followRevocations(bus, options.verifier ?? new TokenVerifier({ jwks: config.JWKS_URL }), logger).catch(async (error: unknown) => {
    await bus.close();
    redis.disconnect();
    throw error;
  });
  const base: BaseServiceContext<C> = {
    name,
    config,
    logger,
    redis,
    bus,
    verifier,
    health: { redis: () => redis.ping(), nats: () => bus.ping() },
    metrics,
  };
  observeConsumerLag(metrics.meter, bus);
  if (!options.database) return base;
  // Only a service with a database loads TypeORM, pg and BullMQ.
  const data = await import('./data.js');
  const dataSource = await data.openDataSource(
    data.createDataSource({ url: config.DATABASE_URL, schema: options.schema ?? name, entities: options.database.entities, migrations: options.database.migrations }),
  );
  data.observeOutbox(metrics.meter, dataSource);
  return {
    ...base,
    dataSource,
    queues: new data.Queues(config.REDIS_URL, options.redisPrefix ? `${options.redisPrefix}bull` : 'bull'),
    outbox: new data.Outbox(),
    relay: new data.OutboxRelay({ dataSource, bus, logger }),
    health: { postgres: () => data.checkDatabase(dataSource), ...base.health },
  };
}

/** Whether a context has the service's own database (and its outbox, relay and queues). */
export function hasDatabase<C extends BaseConfig>(ctx: BaseServiceContext<C>): ctx is ServiceContext<C> {
  return 'dataSource' in ctx;
}

/** The service's Fastify instance wired to its context: logger, health checks, token verifier. */
export function createServiceServer(ctx: BaseServiceContext, options: Omit<ServerOptions, 'name' | 'logger' | 'health' | 'verifier'> = {}): Promise<App> {
  return createServer({ name: ctx.name, logger: ctx.logger, health: ctx.health, verifier: ctx.verifier, metrics: ctx.metrics, ...options });
}

/**
 * Ends revoked sessions' tokens in this verifier. Every replica must see every
 * revocation, a replica started later too: each follows the subject on its
 * own (no shared durable consumer) from as far back as a token of a revoked
 * session could still be live.
 */
export async function followRevocations(bus: EventBus, verifier: TokenVerifier, logger: Logger): Promise<TokenVerifier> {
  await bus.follow('auth.sessions.revoked', MAX_ACCESS_TOKEN_LIFETIME_MS, (event) => {
    const revoked = eventSchemas['auth.sessions.revoked'].safeParse(event.data);
    if (!revoked.success) return logger.warn({ eventId: event.eventId, schemaVersion: event.schemaVersion }, 'malformed session revocation ignored');
    verifier.revokeSessions(revoked.data.sessionIds);
  });
  return verifier;
}

export async function disconnectInfrastructure(ctx: BaseServiceContext): Promise<void> {
  // First: a scrape must not read what is being released.
  await ctx.metrics.shutdown();
  if (hasDatabase(ctx)) {
    await ctx.relay.stop();
    await ctx.queues.close();
  }
  await ctx.bus.close();
  ctx.redis.disconnect();
  if (hasDatabase(ctx) && ctx.dataSource.isInitialized) await ctx.dataSource.destroy();
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

export { baseConfigSchema };
