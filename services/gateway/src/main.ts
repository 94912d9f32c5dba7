import { createLogger, loadConfig, onShutdown } from '@planner/service-kit';
import { buildGateway } from './app.js';
import { configSchema } from './config.js';
import { connectGateway, disconnectGateway } from './adapters/context.js';
import { startGatewayTracing } from './adapters/tracing.js';

let logger = createLogger({ service: 'gateway', level: 'info' });
try {
  const config = loadConfig(configSchema);
  startGatewayTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT);
  logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL, logDir: config.LOG_DIR });
  // NAMESPACE runs a deployment beside others: its own Redis keys and NATS subjects, as the services do.
  const ns = config.NAMESPACE;
  const ctx = await connectGateway(config, logger, { redisPrefix: ns ? `${ns}:gateway:` : 'gateway:', namespace: ns });
  const app = await buildGateway(ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  onShutdown(logger, [() => app.close(), () => disconnectGateway(ctx)]);
} catch (error) {
  logger.fatal({ err: error }, `gateway failed to start: ${(error as Error).message}`);
  logger.flush();
  setTimeout(() => process.exit(1), 100);
}
