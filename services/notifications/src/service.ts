import { defineService, routes } from '@planner/service-kit';
import { createMailTransport } from './adapters/mail-transport.js';
import { configSchema } from './config.js';
import { connectionExpiryConsumer } from './consumers/connection-expiry.js';
import { mailRequestConsumers } from './consumers/mail-requests.js';
import type { NotificationsAdapters } from './context.js';
import { entities, migrations } from './entities/index.js';
import { bounceListener } from './jobs/bounce-listener.js';
import { mailDelivery } from './jobs/mail-delivery.js';
import { systemMessageRoutes } from './routes/system-message-routes.js';

/**
 * The notifications service: what main runs and the tests start. Mails have
 * no routes: events ask for them. Jobs stop last started first, after the
 * HTTP server: the bounce listener, then the mail delivery (its sends in
 * flight finish before the infrastructure goes).
 */
export const notificationsService = defineService({
  name: 'notifications',
  description: 'E-mail sending and system messages.',
  configSchema,
  database: { entities, migrations },
  adapters: async (ctx, given: Partial<NotificationsAdapters>): Promise<NotificationsAdapters> => {
    const { SMTP_URL, MAIL_DIR, MAIL_FROM, MAIL_CONCURRENCY } = ctx.config;
    return {
      mailTransport:
        given.mailTransport ?? createMailTransport({ smtpUrl: SMTP_URL, mailDir: MAIL_DIR, from: MAIL_FROM, maxConnections: MAIL_CONCURRENCY, logger: ctx.logger }),
    };
  },
  entryPoints: [routes(systemMessageRoutes), mailDelivery, ...mailRequestConsumers, connectionExpiryConsumer, bounceListener],
});
