import type { ContextManager } from '@opentelemetry/api';
import type { z } from 'zod';
import { developmentSecretWarnings, loadConfig, serviceSchema, type BaseConfig } from './config.js';
import { drainApp, type DrainOptions } from './drain.js';
import type { EntryPoint, Stop } from './entry-points.js';
import { createLogger, type Logger } from './logger.js';
import {
  connectInfrastructure,
  createServiceServer,
  disconnectInfrastructure,
  hasDatabase,
  onShutdown,
  type BaseServiceContext,
  type DatabaseDefinition,
  type RedisFactory,
  type ServiceContext,
} from './runtime.js';
import type { App } from './server.js';
import { startTracing } from './tracing.js';

/** The context a service's entry points are given: its infrastructure and its adapters. */
export type RuntimeContext<B extends BaseServiceContext, A> = B & { adapters: A };

/**
 * A service, whole: what it is configured by and stored in, and the one list
 * of entry points its main runs and its tests start (never a hand-kept copy).
 * `B` is its infrastructure: ServiceContext with a database, BaseServiceContext without.
 */
export interface ServiceDefinition<C extends BaseConfig, A = Record<string, never>, B extends BaseServiceContext<C> = ServiceContext<C>> {
  name: string;
  /** What the service does, for its API document. */
  description: string;
  configSchema: z.ZodType<C, unknown>;
  /** Its own Postgres schema; absent for a service without a database. */
  database?: DatabaseDefinition;
  /** A Redis client other than the kit's (the gateway's fails fast). */
  redis?: RedisFactory;
  /** A context manager for tracing other than Node's async one (the gateway's). */
  tracingContextManager?: ContextManager;
  /**
   * The service's adapters to the outside (signing keys, a mail transport,
   * platform clients), made from config; a test gives some of them itself,
   * so only what is not `given` is made.
   */
  adapters?: (ctx: B, given: Partial<A>) => Promise<A>;
  /** The HTTP app before the routes are added: the kit's server unless the service needs its own (the gateway). */
  app?: (ctx: RuntimeContext<B, A>) => Promise<App>;
  entryPoints: Array<EntryPoint<RuntimeContext<B, A>>>;
}

/** A service with its own database (its entry points get a ServiceContext), or without one (a BaseServiceContext). */
export function defineService<C extends BaseConfig, A = Record<string, never>>(
  definition: ServiceDefinition<C, A, ServiceContext<C>> & { database: DatabaseDefinition },
): ServiceDefinition<C, A, ServiceContext<C>>;
export function defineService<C extends BaseConfig, A = Record<string, never>>(
  definition: ServiceDefinition<C, A, BaseServiceContext<C>> & { database?: undefined },
): ServiceDefinition<C, A, BaseServiceContext<C>>;
export function defineService<C extends BaseConfig, A>(definition: ServiceDefinition<C, A, never>): ServiceDefinition<C, A, never> {
  return definition;
}

export interface RunningService<X> {
  ctx: X;
  /** The HTTP app, routes registered, not yet listening. */
  app: App;
  /** Closes the app (in-flight requests finish), then stops the jobs, last started first. */
  stop: () => Promise<void>;
  /**
   * The graceful stop of one replica among others: /health answers 503
   * "draining" for `delayMs` while everything is still served (the gateway
   * takes the replica out meanwhile); then it stops accepting connections and
   * answering NATS requests, lets the HTTP requests and request handlers under
   * way finish for up to `timeoutMs` (then closes their connections), and
   * stops as `stop` does. Event consumers finish the event in hand when the
   * infrastructure is released.
   */
  drain: (options: DrainOptions) => Promise<void>;
}

/**
 * Starts a service's entry points on connected infrastructure: the app with
 * its routes, the consumers, the responders, the jobs, and the outbox relay.
 * Main and tests both start a service this way.
 */
export async function startService<C extends BaseConfig, A, B extends BaseServiceContext<C>>(
  definition: ServiceDefinition<C, A, B>,
  infrastructure: B,
  options: { adapters?: Partial<A> } = {},
): Promise<RunningService<RuntimeContext<B, A>>> {
  const adapters = definition.adapters ? await definition.adapters(infrastructure, options.adapters ?? {}) : ({} as A);
  const ctx: RuntimeContext<B, A> = { ...infrastructure, adapters };
  const app = definition.app ? await definition.app(ctx) : await createServiceServer(ctx, { description: definition.description });
  const stops: Stop[] = [];
  const stopJobs = async () => {
    for (const stopJob of stops.reverse()) await stopJob();
  };
  const stop = async () => {
    await app.close();
    await stopJobs();
  };
  const drain = async (options: DrainOptions) => {
    // NATS requests stop coming with HTTP ones; another replica takes the next ones.
    await drainApp(app, options, () => ctx.bus.stopResponding());
    await stopJobs();
  };
  try {
    for (const entryPoint of definition.entryPoints) {
      try {
        if (entryPoint.kind === 'routes') await app.register(entryPoint.plugin, { ctx });
        else if (entryPoint.kind === 'consumer') await entryPoint.start(ctx);
        else if (entryPoint.kind === 'responder') entryPoint.start(ctx);
        else {
          const stopJob = await entryPoint.start(ctx);
          if (stopJob) stops.push(stopJob);
        }
      } catch (error) {
        // Say which entry point could not start: the fatal log line at start-up is all an operator sees.
        throw new Error(`${entryPoint.kind} ${entryPoint.name}: ${(error as Error).message}`, { cause: error });
      }
    }
    if (hasDatabase(ctx)) await ctx.relay.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { ctx, app, stop, drain };
}

/**
 * A service's main, and the only place that listens: config, tracing, logs,
 * infrastructure, the entry points, then graceful shutdown in order (drain:
 * say so on /health, stop taking requests and let in-flight ones finish, stop
 * the jobs; then release the infrastructure).
 */
export async function runService<C extends BaseConfig, A, B extends BaseServiceContext<C>>(definition: ServiceDefinition<C, A, B>): Promise<void> {
  const { name } = definition;
  let logger: Logger | undefined;
  try {
    const config = loadConfig(definition.configSchema) as C & { PORT: number; HOST: string };
    await startTracing({ serviceName: name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, contextManager: definition.tracingContextManager });
    logger = createLogger({ service: name, level: config.LOG_LEVEL, logDir: config.LOG_DIR });
    for (const warning of developmentSecretWarnings(config)) logger.warn(warning);
    const ns = config.NAMESPACE;
    const infrastructure = (await connectInfrastructure({
      name,
      config,
      logger,
      schema: serviceSchema(name, ns),
      database: definition.database,
      redis: definition.redis,
      redisPrefix: ns ? `${ns}:${name}:` : `${name}:`,
      namespace: ns,
    })) as unknown as B;
    const service = await startService(definition, infrastructure).catch(async (error: unknown) => {
      await disconnectInfrastructure(infrastructure);
      throw error;
    });
    await service.app.listen({ port: config.PORT, host: config.HOST });
    const drain = { delayMs: config.SHUTDOWN_DRAIN_DELAY_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS };
    onShutdown(logger, [() => service.drain(drain), () => disconnectInfrastructure(service.ctx)]);
  } catch (error) {
    const log = logger ?? createLogger({ service: name, level: 'info' });
    log.fatal({ err: error }, `${name} failed to start: ${(error as Error).message}`);
    log.flush();
    setTimeout(() => process.exit(1), 100);
  }
}

export type { BaseServiceContext, ServiceContext };
