/**
 * The kit: a service's runtime (config, logs, tracing, infrastructure, its
 * entry points) with the HTTP and messaging parts. The data part (TypeORM,
 * the outbox and inbox, BullMQ) is `@planner/service-kit/data`, so that a
 * service without a database (the gateway) never loads it; tests use
 * `@planner/service-kit/testing`.
 */
export * from './config.js';
export * from './logger.js';
export * from './tracing.js';
export * from './metrics.js';
export * from './redis.js';
export * from './http.js';
export * from './multipart.js';
export * from './messaging.js';
export * from './runtime.js';
export * from './service.js';
export * from './x-api.js';
export * from './batcher.js';
export * from './deadline.js';
