import { runService } from '@planner/service-kit';
import { buildApp } from './app.js';
import { startNewsletterSender } from './commands/send-newsletter.js';
import { configSchema } from './config.js';
import { entities, migrations } from './entities/index.js';
import { followDeliveryOutcomes } from './events/delivery-outcomes.js';
import { followRegistrations } from './events/registrations.js';

await runService({
  name: 'content',
  configSchema,
  entities,
  migrations,
  buildApp,
  onStart: async (ctx) => {
    await followRegistrations(ctx);
    await followDeliveryOutcomes(ctx);
    await startNewsletterSender(ctx);
  },
});
