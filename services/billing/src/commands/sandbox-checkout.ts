import { randomUUID } from 'node:crypto';
import { BillingMessages } from '@planner/contracts';
import { notFound } from '@planner/service-kit';
import type { BillingContext } from '../context.js';
import { CheckoutSession } from '../entities/checkout-session.entity.js';
import { withQuery } from '../domain/redirects.js';
import { addMonth, priceCentsOf, toStripeSecond, type ProviderSubscription } from '../domain/subscription-state.js';
import { applyReport, lockSubscriptionOf } from './subscriptions.js';

/** An open sandbox checkout, for its page; 404 once it was completed or canceled. */
export async function openSandboxCheckout(ctx: BillingContext, sessionId: string): Promise<CheckoutSession> {
  const session = await ctx.dataSource.getRepository(CheckoutSession).findOneBy({ id: sessionId, sandbox: true, status: 'open' });
  if (!session) throw notFound(BillingMessages.sandboxCheckoutGone);
  return session;
}

/**
 * The sandbox page's Pay: what Stripe's completed checkout and its webhooks
 * would do — a subscription active for a month on the chosen plan, applied
 * once (the session row is locked and closed in the same transaction).
 * Returns where the browser goes: the success page, with the session to verify.
 */
export async function completeSandboxCheckout(ctx: BillingContext, sessionId: string): Promise<string> {
  return ctx.dataSource.transaction(async (manager) => {
    const session = await manager.getRepository(CheckoutSession).findOne({ where: { id: sessionId, sandbox: true, status: 'open' }, lock: { mode: 'pessimistic_write' } });
    if (!session) throw notFound(BillingMessages.sandboxCheckoutGone);
    const at = toStripeSecond(new Date());
    const current = await lockSubscriptionOf(manager, session.userId);
    const subscription: ProviderSubscription = {
      subscriptionId: `sub_sandbox_${randomUUID().replaceAll('-', '')}`,
      customerId: `cus_sandbox_${session.userId.replaceAll('-', '')}`,
      planType: session.planType,
      status: 'active',
      periodStart: at,
      periodEnd: addMonth(at),
      cancelAtPeriodEnd: false,
      amountCents: priceCentsOf(session.planType),
    };
    await applyReport(ctx, manager, session.userId, current, subscription, { source: 'sandbox', at, fresh: true });
    await manager.update(CheckoutSession, { id: sessionId }, { status: 'complete', completedAt: at });
    return withQuery(session.successUrl, { session_id: session.id, plan: session.planType });
  });
}

/** The sandbox page's Cancel: the checkout closes unpaid; the browser goes to the cancel page. */
export async function cancelSandboxCheckout(ctx: BillingContext, sessionId: string): Promise<string> {
  const session = await openSandboxCheckout(ctx, sessionId);
  await ctx.dataSource.getRepository(CheckoutSession).update({ id: sessionId, status: 'open' }, { status: 'canceled' });
  return session.cancelUrl;
}
