import { BillingMessages, type PaymentResult, type PlanType } from '@planner/contracts';
import { badRequest, conflict } from '@planner/service-kit';
import type { BillingContext } from '../context.js';
import { Subscription } from '../entities/subscription.entity.js';
import { displayDate, isPaying, type HeldSubscription, type ProviderSubscription } from '../domain/subscription-state.js';
import { paymentsFailed } from './payments-failed.js';
import { applyFreshReport } from './subscriptions.js';

/** The held subscription as the payment side knows it. */
function asReported(held: HeldSubscription & { stripeSubscriptionId: string }): ProviderSubscription {
  return {
    subscriptionId: held.stripeSubscriptionId,
    customerId: held.stripeCustomerId ?? '',
    planType: held.planType,
    status: held.status,
    periodStart: held.currentPeriodStart,
    periodEnd: held.currentPeriodEnd,
    cancelAtPeriodEnd: held.cancelAtPeriodEnd,
    amountCents: held.amountCents,
  };
}

/**
 * Changes a paying user's subscription where it lives (Stripe or the sandbox)
 * and applies the result at once: another paid plan (prorated; a pending
 * cancellation is undone), cancellation at the period's end (a downgrade to
 * basic), or resuming before the period ends. The message says what happened.
 */
export async function changeInPlace(
  ctx: BillingContext,
  userId: string,
  held: Subscription,
  kind: 'change' | 'resume' | 'cancel_at_period_end',
  plan: PlanType,
): Promise<string> {
  if (!isPaying(held)) throw badRequest(BillingMessages.noSubscription);
  const { payments } = ctx.adapters;
  const current = asReported(held);
  let report: ProviderSubscription;
  try {
    report =
      kind === 'change'
        ? await payments.changePlan(current, plan as Exclude<PlanType, 'basic'>, userId)
        : await payments.setCancelAtPeriodEnd(current, kind === 'cancel_at_period_end');
  } catch (error) {
    paymentsFailed(ctx, error, kind === 'cancel_at_period_end' ? BillingMessages.cancelFailed : BillingMessages.checkoutFailed);
  }
  await applyFreshReport(ctx, userId, report, held.source);
  if (kind === 'change') return BillingMessages.planChanged(plan);
  if (kind === 'resume') return BillingMessages.resubscribed(plan);
  return BillingMessages.activeUntil(displayDate(report.periodEnd));
}

/** POST /payments/cancel-subscription (part 2 §7): the paid plan stays until the period ends, then basic. */
export async function cancelSubscription(ctx: BillingContext, userId: string): Promise<PaymentResult> {
  const held = await ctx.dataSource.getRepository(Subscription).findOneBy({ userId });
  if (!held || !isPaying(held)) throw badRequest(BillingMessages.noSubscription);
  if (held.cancelAtPeriodEnd) throw conflict(BillingMessages.alreadyDowngraded);
  return { success: true, message: await changeInPlace(ctx, userId, held, 'cancel_at_period_end', 'basic') };
}

/**
 * A deleted account is not charged again (auth.user.deleted): its running paid
 * subscription ends now, without a refund, and is recorded canceled. One that
 * already ended, or an admin's grant, needs nothing. Delivered again after the
 * payment side ended it, the subscription is read back and recorded as it is.
 */
export async function endForDeletedAccount(ctx: BillingContext, userId: string): Promise<void> {
  const held = await ctx.dataSource.getRepository(Subscription).findOneBy({ userId });
  if (!isPaying(held)) return;
  const { payments } = ctx.adapters;
  let report: ProviderSubscription;
  try {
    report = await payments.cancelNow(asReported(held));
  } catch (error) {
    const now = await payments.subscription(held.stripeSubscriptionId);
    if (now?.status !== 'canceled') throw error;
    report = now;
  }
  await applyFreshReport(ctx, userId, report, held.source);
}
