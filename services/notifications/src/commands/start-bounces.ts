import type { ServiceContext } from '@planner/service-kit';
import { startBounceListener, type BounceListener } from '../adapters/bounce-listener.js';
import type { NotificationsConfig } from '../config.js';
import { bounceAddressFor, emailIdOf } from '../domain/bounces.js';
import { recordBounce } from './record-bounce.js';

/** The bounce side, when BOUNCE_SMTP_PORT is set: the listener for our mails' return paths, recording each report it takes. */
export async function startBounces(ctx: ServiceContext<NotificationsConfig>): Promise<BounceListener | undefined> {
  const { BOUNCE_SMTP_PORT, BOUNCE_ADDRESS, BOUNCE_SIGNING_KEY, MAIL_FROM, HOST } = ctx.config;
  if (BOUNCE_SMTP_PORT === undefined) return undefined;
  const bounceAddress = bounceAddressFor(MAIL_FROM, BOUNCE_ADDRESS);
  return startBounceListener({
    host: HOST,
    port: BOUNCE_SMTP_PORT,
    mailOf: (address) => emailIdOf(address, bounceAddress, BOUNCE_SIGNING_KEY),
    onReports: async (emailId, reports) => {
      for (const report of reports) {
        const outcome = await recordBounce(ctx, emailId, report);
        ctx.logger.info({ emailId, status: report.status, outcome }, 'bounce report');
      }
    },
    logger: ctx.logger,
  });
}
