import { baseConfigSchema, loadConfig, serviceSchema } from './config.js';
import { createDataSource, openDataSource } from './database.js';
import { createLogger } from './logger.js';
import type { DatabaseDefinition } from './runtime.js';

/**
 * A service's schema migrations as a process of their own (`dist/migrate.js`):
 * the release's migration Job runs it before the new version's pods start.
 * Only the base settings are read (DATABASE_URL, NAMESPACE), so the Job needs
 * none of the service's provider keys. Logs go to stdout only (the Job's log).
 * Ends with exit code 1 when the migrations fail.
 */
export async function migrateService({ name, database }: { name: string; database?: DatabaseDefinition }, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const logger = createLogger({ service: `${name}-migrate`, level: 'info' });
  try {
    if (!database) return logger.info(`${name} has no database: nothing to migrate`);
    const config = loadConfig(baseConfigSchema, env);
    const schema = serviceSchema(name, config.NAMESPACE);
    const dataSource = createDataSource({ url: config.DATABASE_URL, schema, entities: database.entities, migrations: database.migrations, poolSize: 1 });
    try {
      await openDataSource(dataSource);
      const [{ count }] = (await dataSource.query('SELECT count(*)::int AS count FROM migrations')) as [{ count: number }];
      logger.info({ schema, migrations: count }, `${name}: schema ${schema} is migrated (${count} migrations applied in all)`);
    } finally {
      // A pool left open would keep the Job's process, and so the release, waiting.
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  } catch (error) {
    logger.fatal({ err: error }, `${name}: migrations failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    logger.flush();
  }
}
