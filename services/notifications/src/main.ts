import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { startBounces } from './commands/start-bounces.js';
import { startMail } from './commands/start-mail.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';

await runService({
  name: 'notifications',
  configSchema,
  entities,
  migrations,
  buildApp: async (ctx) => {
    const app = await buildApp(ctx);
    const mail = await startMail(ctx);
    const bounces = await startBounces(ctx);
    // Closing the app (first step of shutdown) lets in-flight sends finish before the infrastructure goes.
    app.addHook('onClose', async () => {
      await bounces?.close();
      await mail.stop();
    });
    return app;
  },
});
