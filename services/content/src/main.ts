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
    await startContentWork(ctx);
  },
});
