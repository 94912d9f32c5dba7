import { BillingMessages, type SubscriptionResponse } from '@planner/contracts';
import type { BillingContext } from '../context.js';
import { PaymentsError } from '../adapters/payments.js';
import { Subscription } from '../entities/subscription.entity.js';
import { isExpired, subscriptionDetails } from '../domain/subscription-state.js';

/** The page of the app a user returns to from Stripe's billing portal (part 2 §2). */
const PLAN_SELECTION_PATH = '/plan-selection';

/**
 * GET /payments/subscriptions (part 2 §3, §7): the user's subscription, whether
 * it still runs, and a fresh link to Stripe's billing portal for their
 * customer. A portal Stripe would not open leaves the link out and says so.
 */
export async function subscriptionOf(ctx: BillingContext, userId: string): Promise<SubscriptionResponse> {
  const held = await ctx.dataSource.getRepository(Subscription).findOneBy({ userId });
  const { payments } = ctx.adapters;
  const answer: SubscriptionResponse = {
    has_subscription: !isExpired(held, new Date()),
    portal_url: null,
    subscription: held ? subscriptionDetails(held) : null,
    sandbox: payments.source === 'sandbox',
  };
  if (!held?.stripeCustomerId || held.source !== payments.source) return answer;
  try {
    answer.portal_url = await payments.portalUrl(held.stripeCustomerId, new URL(PLAN_SELECTION_PATH, ctx.config.APP_URL).toString());
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    ctx.logger.warn({ err: error }, 'billing portal not opened');
    answer.message = BillingMessages.portalFailed;
  }
  return answer;
}
