import type { ServiceContext } from '@planner/service-kit';
import { startNewsletterSender } from './commands/send-newsletter.js';
import type { ContentConfig } from './config.js';
import { followAccounts } from './events/accounts.js';
import { followDeliveryOutcomes } from './events/delivery-outcomes.js';

/** What the service runs beside its HTTP app: the consumers and the newsletter sender. Resolves with a stop for the sender's sweep. */
export async function startContentWork(ctx: ServiceContext<ContentConfig>): Promise<() => void> {
  await followAccounts(ctx);
  await followDeliveryOutcomes(ctx);
  return startNewsletterSender(ctx);
}
