import { consumeWithInbox, type ServiceContext } from '@planner/service-kit';
import { Delivery } from '../entities/delivery.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/**
 * What became of each newsletter mail, as notifications reports it: the base
 * of the open and click rates. An address the mail server refused for good
 * (a bounce) gets no more newsletters.
 */
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
    handle: async ({ deliveryId, reason, permanent }, _envelope, manager) => {
      if (!deliveryId) return;
      await manager.update(Delivery, { id: deliveryId }, { status: 'failed', error: reason });
      const delivery = await manager.findOneBy(Delivery, { id: deliveryId });
      if (permanent && delivery?.subscriberId) {
        await manager.update(Subscriber, { id: delivery.subscriberId, isActive: true }, { isActive: false, unsubscribedAt: new Date() });
      }
    },
  });
}
