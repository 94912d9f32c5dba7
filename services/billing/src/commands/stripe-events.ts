import type { EntityManager } from 'typeorm';
import type { WebhookAnswer } from '@planner/contracts';
import type { BillingContext } from '../context.js';
import { CheckoutSession } from '../entities/checkout-session.entity.js';
import type { BillingEvent } from '../domain/stripe-objects.js';
import { judgeInvoice, type ProviderSubscription } from '../domain/subscription-state.js';
import { applyReport, lockSubscriptionOf, saveSubscription, settleWithStripe, userOfStripe } from './subscriptions.js';

/** Records the event id in the caller's transaction; false when it was handled before (or is being handled now). */
async function firstDelivery(manager: EntityManager, event: BillingEvent): Promise<boolean> {
  const rows = await manager.query<unknown[]>(
    `INSERT INTO stripe_events (id, type, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.type, event.at],
  );
  return rows.length > 0;
}

/** Marks a checkout complete; the user it was started for. */
async function completeCheckout(manager: EntityManager, sessionId: string, at: Date): Promise<string | null> {
  const sessions = manager.getRepository(CheckoutSession);
  const session = await sessions.findOneBy({ id: sessionId });
  if (!session) return null;
  if (session.status !== 'complete') await sessions.update({ id: sessionId }, { status: 'complete', completedAt: at });
  return session.userId;
}

/**
 * A verified Stripe event, applied once: its id is stored in the transaction
 * of its effect, so a second delivery (or a copy arriving at the same time,
 * which waits on the first's row) is acknowledged without effect. What it
 * reports is ordered by the subscription's own state and Stripe's time, not
 * by arrival (applyReport, statusAfterInvoice).
 */
export async function handleStripeEvent(ctx: BillingContext, event: BillingEvent): Promise<WebhookAnswer> {
  const { detail } = event;
  // A completed checkout names its subscription; Stripe is asked for it before the transaction, not inside it.
  const started: ProviderSubscription | null =
    detail.kind === 'checkout_completed' && detail.subscriptionId ? await ctx.adapters.payments.subscription(detail.subscriptionId) : null;

  return ctx.dataSource.transaction(async (manager) => {
    if (!(await firstDelivery(manager, event))) return { received: true, duplicate: true };
    switch (detail.kind) {
      case 'checkout_completed': {
        const userId = (await completeCheckout(manager, detail.sessionId, event.at)) ?? detail.userId;
        if (userId && started) await applyReport(ctx, manager, userId, await lockSubscriptionOf(manager, userId), started, { source: 'stripe', at: event.at, fresh: true });
        break;
      }
      case 'subscription': {
        const { subscription } = detail;
        const userId = detail.userId ?? (await userOfStripe(manager, subscription.subscriptionId, subscription.customerId));
        if (userId) await applyReport(ctx, manager, userId, await lockSubscriptionOf(manager, userId), subscription, { source: 'stripe', at: event.at });
        else ctx.logger.warn({ eventId: event.id, subscription: subscription.subscriptionId }, 'Stripe subscription of no known user; ignored');
        break;
      }
      case 'invoice': {
        const userId = await userOfStripe(manager, detail.subscriptionId);
        if (!userId) break;
        const current = await lockSubscriptionOf(manager, userId);
        const { verdict, status } = judgeInvoice(current, detail.subscriptionId, detail.paid, event.at);
        if (!current || verdict === 'stale') break;
        if (verdict === 'apply' || verdict === 'unchanged') await saveSubscription(ctx, manager, userId, current, { ...current, status, stateAt: event.at });
        else await settleWithStripe(ctx, manager, userId, current, detail.subscriptionId, event.at);
        break;
      }
      case 'ignored':
        break;
    }
    return { received: true, duplicate: false };
  });
}
