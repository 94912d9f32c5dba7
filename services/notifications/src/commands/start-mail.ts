import type { ServiceContext } from '@planner/service-kit';
import { createMailTransport, type MailTransport } from '../adapters/mail-transport.js';
import type { NotificationsConfig } from '../config.js';
import { consumeMailRequests } from '../events/mail-requests.js';
import { startMailDelivery, type MailDelivery } from './mail-queue.js';

/** The mail side of the service: the transport from config (unless given), the sender, and the events that ask for mails. */
export async function startMail(ctx: ServiceContext<NotificationsConfig>, transport?: MailTransport): Promise<MailDelivery> {
  const { SMTP_URL, MAIL_DIR, MAIL_FROM, MAIL_CONCURRENCY } = ctx.config;
  const delivery = startMailDelivery(
    ctx,
    transport ?? createMailTransport({ smtpUrl: SMTP_URL, mailDir: MAIL_DIR, from: MAIL_FROM, maxConnections: MAIL_CONCURRENCY, logger: ctx.logger }),
  );
  await consumeMailRequests(ctx, delivery.kick);
  return delivery;
}
