import { job, type ServiceContext } from '@planner/service-kit';
import { startBounceListener } from '../adapters/bounce-listener.js';
import { recordBounce } from '../commands/record-bounce.js';
import type { NotificationsConfig } from '../config.js';
import { bounceAddressFor, emailIdOf } from '../domain/bounces.js';

/** The bounce side, when BOUNCE_SMTP_PORT is set: the listener for our mails' return paths, recording each report it takes. */
export const bounceListener = job('bounce-listener', async (ctx: ServiceContext<NotificationsConfig>) => {
  const { BOUNCE_SMTP_PORT, BOUNCE_ADDRESS, BOUNCE_SIGNING_KEY, MAIL_FROM, HOST } = ctx.config;
  if (BOUNCE_SMTP_PORT === undefined) return;
  const bounceAddress = bounceAddressFor(MAIL_FROM, BOUNCE_ADDRESS);
  const listener = await startBounceListener({
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
  return () => listener.close();
});
