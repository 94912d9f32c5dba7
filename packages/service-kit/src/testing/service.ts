import type { BaseConfig } from '../config.js';
import type { ServiceContext } from '../runtime.js';
import type { App } from '../server.js';
import { startService, type RuntimeContext, type ServiceDefinition } from '../service.js';
import { createTestContext, type TestContextOptions, type TestServiceContext } from './index.js';

export interface TestService<C extends BaseConfig, A> {
  /** The running service's context: this test file's schema, Redis prefix and namespace, its adapters, test keys. */
  ctx: RuntimeContext<TestServiceContext<C>, A>;
  /** The HTTP app, routes registered; `behindGateway(app, …)` puts it behind the real gateway. */
  app: App;
  /** Stops the service as main would, then drops what the test made. */
  close: () => Promise<void>;
}

/**
 * A service as its main runs it (the same definition: routes, consumers,
 * responders, jobs, the outbox relay) on infrastructure isolated for one test
 * file. Adapters the test gives replace the service's own.
 */
export async function startTestService<C extends BaseConfig, A>(
  definition: ServiceDefinition<C, A, ServiceContext<C>>,
  options: Omit<TestContextOptions<C>, 'name' | 'entities' | 'migrations' | 'configSchema'> & { adapters?: Partial<A> } = {},
): Promise<TestService<C, A>> {
  const { adapters, ...contextOptions } = options;
  const infrastructure = await createTestContext<C>({
    name: definition.name,
    entities: definition.database?.entities,
    migrations: definition.database?.migrations,
    configSchema: definition.configSchema,
    ...contextOptions,
  });
  const service = await startService(definition, infrastructure, { adapters }).catch(async (error: unknown) => {
    await infrastructure.cleanup();
    throw error;
  });
  return {
    ctx: service.ctx,
    app: service.app,
    close: async () => {
      await service.stop();
      await infrastructure.cleanup();
    },
  };
}
