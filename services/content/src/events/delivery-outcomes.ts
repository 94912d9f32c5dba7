import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { Delivery } from '../entities/delivery.entity.js';

/** What became of each newsletter mail, as notifications reports it: the base of the open and click rates. */
export async function followDeliveryOutcomes(ctx: ServiceContext): Promise<void> {
  const common = { bus: ctx.bus, dataSource: ctx.dataSource, logger: ctx.logger, consumer: 'content' } as const;
  await consumeWithInbox({
    ...common,
    subject: 'notifications.email.sent',
    handle: async ({ deliveryId }, envelope, manager) => {
      if (deliveryId) await manager.update(Delivery, { id: deliveryId }, { status: 'sent', sentAt: new Date(envelope.occurredAt) });
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'notifications.email.failed',
    handle: async ({ deliveryId, reason }, _envelope, manager) => {
      if (deliveryId) await manager.update(Delivery, { id: deliveryId }, { status: 'failed', error: reason });
    },
  });
}
