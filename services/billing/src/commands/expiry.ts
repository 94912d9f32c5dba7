import type { BillingContext } from '../context.js';
import { Subscription } from '../entities/subscription.entity.js';
import { isExpired, later } from '../domain/subscription-state.js';
import { lockSubscriptionOf, saveSubscription } from './subscriptions.js';

const BATCH = 200;

/**
 * Returns to basic the subscriptions whose period ended with the cancel flag
 * (part 2 §4), each in its own transaction under the user's lock, on time
 * even when Stripe's customer.subscription.deleted is late; the change takes
 * effect at the period's end. Returns how many expired.
 */
export async function expireEndedSubscriptions(ctx: BillingContext, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await ctx.dataSource
      .getRepository(Subscription)
      .createQueryBuilder('s')
      .select('s.userId', 'userId')
      .where(`s.cancel_at_period_end AND s.status <> 'canceled' AND s.current_period_end <= :now`, { now })
      .limit(BATCH)
      .getRawMany<{ userId: string }>();
    for (const { userId } of due) {
      const done = await ctx.dataSource.transaction(async (manager) => {
        const current = await lockSubscriptionOf(manager, userId);
        if (!current || current.status === 'canceled' || !isExpired(current, now)) return false;
        await saveSubscription(ctx, manager, userId, current, { ...current, status: 'canceled', stateAt: later(current.currentPeriodEnd!, current.stateAt) });
        return true;
      });
      if (done) expired += 1;
    }
    if (due.length < BATCH) return expired;
  }
}
