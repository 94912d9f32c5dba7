import { consume } from '@planner/service-kit';
import { recordNotDelivered, recordSent } from '../commands/deliveries.js';

/**
 * What became of each newsletter mail, as notifications reports it: the base
 * of the open and click rates. An address the mail server refused for good,
 * while sending or by a bounce report later, gets no more newsletters.
 * Mails that are no newsletter (no delivery id) are not content's.
 */
export const deliveryOutcomeConsumers = [
  consume('notifications.email.sent', async ({ deliveryId }, { manager, envelope }) => {
    if (deliveryId) await recordSent(manager, deliveryId, new Date(envelope.occurredAt));
  }),
  consume('notifications.email.failed', async ({ deliveryId, reason, permanent }, { manager }) => {
    if (deliveryId) await recordNotDelivered(manager, deliveryId, 'failed', reason, permanent);
  }),
  consume('notifications.email.bounced', async ({ deliveryId, reason }, { manager }) => {
    if (deliveryId) await recordNotDelivered(manager, deliveryId, 'bounced', reason, true);
  }),
];
