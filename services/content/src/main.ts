import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { startContentWork } from './start.js';

await runService({
  name: 'content',
  configSchema,
  entities,
  migrations,
  buildApp,
  onStart: async (ctx) => {
    if (ctx.config.NODE_ENV === 'production' && ctx.config.NEWSLETTER_SIGNING_KEY === configSchema.shape.NEWSLETTER_SIGNING_KEY.parse(undefined)) {
      ctx.logger.warn('NEWSLETTER_SIGNING_KEY is the development default: unsubscribe and click links can be forged; set a random value');
    }
    await startContentWork(ctx);
  },
});
