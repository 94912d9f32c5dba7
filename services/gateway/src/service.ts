import { defineService, routes } from '@planner/service-kit';
import { createAdapters } from './adapters/index.js';
import { createGatewayRedis } from './adapters/redis.js';
import { SynchronousContextManager } from './adapters/tracing.js';
import { configSchema } from './config.js';
import { healthRoutes } from './routes/health.js';
import { logRoutes } from './routes/logs.js';
import { pageRoutes } from './routes/pages.js';
import { versionRoutes } from './routes/version.js';
import { createGatewayServer } from './server.js';

const description = 'The public entry: routes /api/** to the services.';

/**
 * The gateway: what main runs and the tests start. It has no database, so it
 * never loads the kit's data part (TypeORM, pg, BullMQ).
 */
export const gatewayService = defineService({
  name: 'gateway',
  description,
  configSchema,
  redis: createGatewayRedis,
  tracingContextManager: new SynchronousContextManager(),
  adapters: createAdapters,
  app: (ctx) => createGatewayServer(ctx, { description }),
  entryPoints: [routes(healthRoutes), routes(versionRoutes), routes(logRoutes), routes(pageRoutes)],
});
