import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { seedAdmin } from './commands/seed-admin.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { followSubscriptions } from './events/subscription-changed.js';

await runService({
  name: 'auth',
  configSchema,
  entities,
  migrations,
  buildApp: (ctx) => buildApp(ctx),
  onStart: async (ctx) => {
    await followSubscriptions(ctx);
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
    if (ADMIN_EMAIL && ADMIN_PASSWORD) {
      const result = await seedAdmin(ctx, ADMIN_EMAIL, ADMIN_PASSWORD);
      ctx.logger.info({ email: ADMIN_EMAIL, result }, 'admin account ensured');
    } else {
      ctx.logger.warn('ADMIN_EMAIL/ADMIN_PASSWORD not set: no admin account is seeded');
    }
  },
});
