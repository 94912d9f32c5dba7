// A connection token key rotation's reseal, as a one-off process (`node --conditions=compiled dist/reseal-tokens.js`
// in an organizations pod, `npm run reseal-tokens -w services/organizations` here): seals every stored token and
// credential with CONNECTION_TOKEN_KEY, prints how many are still sealed with another key, and exits 1 while any
// is (docs/operations.md "Rotate keys"). It reads the service's own config.
import { createLogger, loadConfig, serviceSchema } from '@planner/service-kit';
import { createDataSource } from '@planner/service-kit/data';
import { connectionKeys } from './adapters/index.js';
import { resealStoredTokens } from './commands/reseal-tokens.js';
import { configSchema } from './config.js';
import { entities } from './entities/index.js';

const logger = createLogger({ service: 'organizations-reseal', level: 'info' });
try {
  const config = loadConfig(configSchema);
  const dataSource = await createDataSource({ url: config.DATABASE_URL, schema: serviceSchema('organizations', config.NAMESPACE), entities, poolSize: 1 }).initialize();
  try {
    const { resealed, left } = await resealStoredTokens(dataSource, connectionKeys(config, logger));
    const notCurrent = left.other + left.none;
    const outcome = { resealed, sealedWithCurrentKey: left.current, sealedWithOtherKey: left.other, openedByNoKey: left.none };
    if (notCurrent === 0) logger.info(outcome, `resealed ${resealed}; every stored platform token is sealed with CONNECTION_TOKEN_KEY: the other keys can be dropped`);
    else {
      logger.error(outcome, `resealed ${resealed}; ${notCurrent} stored platform tokens are still sealed with a key other than CONNECTION_TOKEN_KEY (${left.other} with a configured one, ${left.none} with none): keep the other keys`);
      process.exitCode = 1;
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  logger.fatal({ err: error }, `reseal failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  logger.flush();
}
