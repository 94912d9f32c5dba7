import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import { Delivery, type DeliveryStatus } from '../entities/delivery.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/** The delivery's mail was sent; only a delivery still waiting: a bounce reported (on its own consumer) before this news stays a bounce. */
export async function recordSent(manager: EntityManager, deliveryId: string, sentAt: Date): Promise<void> {
  await manager.update(Delivery, { id: deliveryId, status: 'requested' }, { status: 'sent', sentAt });
}

/** A delivery that did not reach its subscriber; an address that can never be reached (a permanent refusal or bounce) gets no more newsletters. */
export async function recordNotDelivered(
  manager: EntityManager,
  deliveryId: string,
  status: Extract<DeliveryStatus, 'failed' | 'bounced'>,
  reason: string,
  permanent: boolean,
): Promise<void> {
  await manager.update(Delivery, { id: deliveryId }, { status, error: reason });
  const delivery = await manager.findOneBy(Delivery, { id: deliveryId });
  if (permanent && delivery?.subscriberId) {
    await manager.update(Subscriber, { id: delivery.subscriberId, isActive: true }, { isActive: false, unsubscribedAt: new Date() });
  }
}

/** The mail's tracking pixel was loaded: opened (the first time counts). */
export async function recordOpen(ctx: ServiceContext, deliveryId: string): Promise<void> {
  await ctx.dataSource.query(`UPDATE newsletter_deliveries SET opened_at = COALESCE(opened_at, now()) WHERE id = $1`, [deliveryId]);
}

/** A tracked link of the mail was followed: clicked, and opened, even when its images were blocked. */
export async function recordClick(ctx: ServiceContext, deliveryId: string): Promise<void> {
  await ctx.dataSource.query(
    `UPDATE newsletter_deliveries SET clicked_at = COALESCE(clicked_at, now()), opened_at = COALESCE(opened_at, now()) WHERE id = $1`,
    [deliveryId],
  );
}

export interface NewsletterCounts {
  total_subscribers: number;
  active_subscribers: number;
  pending_subscribers: number;
  newsletters_sent: number;
  delivered: number;
  opened: number;
  clicked: number;
}

/**
 * The newsletter's figures; signups still awaiting their confirmation are nobody's subscription yet: not in the
 * total but counted apart, so the cards add up to the admin's subscriber list, which shows them too.
 */
export async function countNewsletterFigures(ctx: ServiceContext): Promise<NewsletterCounts> {
  const [row] = await ctx.dataSource.query(`
    SELECT
      (SELECT count(*) FROM newsletter_subscribers WHERE is_active OR unsubscribed_at IS NOT NULL)::int AS total_subscribers,
      (SELECT count(*) FROM newsletter_subscribers WHERE is_active)::int AS active_subscribers,
      (SELECT count(*) FROM newsletter_subscribers WHERE NOT is_active AND unsubscribed_at IS NULL)::int AS pending_subscribers,
      (SELECT count(*) FROM newsletters WHERE sent_at IS NOT NULL)::int AS newsletters_sent,
      (SELECT count(*) FROM newsletter_deliveries WHERE status NOT IN ('failed', 'bounced'))::int AS delivered,
      (SELECT count(*) FROM newsletter_deliveries WHERE opened_at IS NOT NULL)::int AS opened,
      (SELECT count(*) FROM newsletter_deliveries WHERE clicked_at IS NOT NULL)::int AS clicked`);
  return row;
}
