import type { EntityManager } from 'typeorm';
import { type ServiceContext } from '@planner/service-kit';
import { consumeWithInbox } from '@planner/service-kit/data';
import { Delivery, type DeliveryStatus } from '../entities/delivery.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/** A delivery that did not reach its subscriber; an address that can never be reached (a permanent refusal or bounce) gets no more newsletters. */
async function notDelivered(manager: EntityManager, deliveryId: string, status: Extract<DeliveryStatus, 'failed' | 'bounced'>, reason: string, permanent: boolean) {
  await manager.update(Delivery, { id: deliveryId }, { status, error: reason });
  const delivery = await manager.findOneBy(Delivery, { id: deliveryId });
  if (permanent && delivery?.subscriberId) {
    await manager.update(Subscriber, { id: delivery.subscriberId, isActive: true }, { isActive: false, unsubscribedAt: new Date() });
  }
}

/**
 * What became of each newsletter mail, as notifications reports it: the base
 * of the open and click rates. An address the mail server refused for good,
 * while sending or by a bounce report later, gets no more newsletters.
 */
export async function followDeliveryOutcomes(ctx: ServiceContext): Promise<void> {
  const common = { bus: ctx.bus, dataSource: ctx.dataSource, logger: ctx.logger, consumer: 'content' } as const;
  await consumeWithInbox({
    ...common,
    subject: 'notifications.email.sent',
    handle: async ({ deliveryId }, envelope, manager) => {
      // Only a delivery still waiting: a bounce reported (on its own consumer) before this news stays a bounce.
      if (deliveryId) await manager.update(Delivery, { id: deliveryId, status: 'requested' }, { status: 'sent', sentAt: new Date(envelope.occurredAt) });
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'notifications.email.failed',
    handle: async ({ deliveryId, reason, permanent }, _envelope, manager) => {
      if (deliveryId) await notDelivered(manager, deliveryId, 'failed', reason, permanent);
    },
  });
  await consumeWithInbox({
    ...common,
    subject: 'notifications.email.bounced',
    handle: async ({ deliveryId, reason }, _envelope, manager) => {
      if (deliveryId) await notDelivered(manager, deliveryId, 'bounced', reason, true);
    },
  });
}
