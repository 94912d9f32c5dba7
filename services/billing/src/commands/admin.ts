import { AuthMessages, AuthRequests, type PlanType, type SubscriptionStatus } from '@planner/contracts';
import { ask, notFound } from '@planner/service-kit';
import type { BillingContext } from '../context.js';
import type { Subscription } from '../entities/subscription.entity.js';
import { later, priceCentsOf, toStripeSecond, type HeldSubscription } from '../domain/subscription-state.js';
import { lockSubscriptionOf, saveSubscription } from './subscriptions.js';

/**
 * POST /subscriptions/admin/update (part 1 §4, §6): an admin sets a user's
 * plan and status; a user without a subscription gets one (its own, charged
 * nowhere). It changes billing's record, which the role follows; what Stripe
 * charges is not touched, and a newer Stripe event about that subscription
 * overrides it (docs/decisions/billing.md). An id auth does not know is
 * 'User not found' rather than a subscription nobody can use.
 */
export async function setSubscriptionByAdmin(ctx: BillingContext, userId: string, planType: PlanType, status: SubscriptionStatus): Promise<Subscription> {
  const { exists } = await ask(ctx, AuthRequests.userExists, { user_id: userId });
  if (!exists) throw notFound(AuthMessages.userNotFound);
  return ctx.dataSource.transaction(async (manager) => {
    const current = await lockSubscriptionOf(manager, userId);
    const now = toStripeSecond(new Date());
    const next: HeldSubscription = current
      ? { ...current, planType, status, amountCents: priceCentsOf(planType), stateAt: later(now, current.stateAt) }
      : {
          source: 'admin',
          stripeCustomerId: null,
          stripeSubscriptionId: null,
          planType,
          status,
          currentPeriodStart: now,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          amountCents: priceCentsOf(planType),
          stateAt: now,
        };
    return saveSubscription(ctx, manager, userId, current, next);
  });
}
