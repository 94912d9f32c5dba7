import { badRequest, conflict, notFound } from '@planner/service-kit';
import { BillingMessages, type CheckoutSessionRequest, type CheckoutSessionResponse, type Identity, type PaymentResult, type PlanType } from '@planner/contracts';
import type { BillingContext } from '../context.js';
import { CheckoutSession } from '../entities/checkout-session.entity.js';
import { Subscription } from '../entities/subscription.entity.js';
import { isOwnPage, withQuery } from '../domain/redirects.js';
import { planChangeFor } from '../domain/subscription-state.js';
import { paymentsFailed } from './payments-failed.js';
import { changeInPlace } from './plan-changes.js';
import { applyFreshReport } from './subscriptions.js';

/**
 * POST /payments/create-checkout-session (part 2 §2, §7): a Stripe Checkout
 * (or the sandbox's page) for a user without a paid subscription; a paying
 * user's plan changes on their subscription instead (prorated), basic ends it
 * at the period's end, and the same plan again undoes that. Success and
 * cancel pages must be ours: anything else is an open redirect.
 */
export async function startCheckout(ctx: BillingContext, identity: Identity, request: CheckoutSessionRequest): Promise<CheckoutSessionResponse> {
  const { planType, successUrl, cancelUrl } = request;
  if (!isOwnPage(successUrl, ctx.config.APP_URL) || !isOwnPage(cancelUrl, ctx.config.APP_URL)) throw badRequest(BillingMessages.redirectNotAllowed);
  const held = await ctx.dataSource.getRepository(Subscription).findOneBy({ userId: identity.userId });
  const change = planChangeFor(held, planType);
  if (change.kind === 'refused') throw conflict(change.message);
  if (change.kind !== 'checkout') {
    const message = await changeInPlace(ctx, identity.userId, held!, change.kind, planType);
    return { checkoutUrl: withQuery(successUrl, { plan: planType }), sessionId: null, changedInPlace: true, message };
  }
  const { payments } = ctx.adapters;
  // checkout is only offered for paid plans (basic was refused above).
  const plan = planType as Exclude<PlanType, 'basic'>;
  const customerId = held?.source === payments.source ? held.stripeCustomerId : null;
  let session: { id: string; url: string };
  try {
    session = await payments.createCheckout({ userId: identity.userId, plan, customerId, successUrl, cancelUrl });
  } catch (error) {
    paymentsFailed(ctx, error, BillingMessages.checkoutFailed);
  }
  await ctx.dataSource.getRepository(CheckoutSession).insert({
    id: session.id,
    userId: identity.userId,
    planType: plan,
    status: 'open',
    sandbox: payments.source === 'sandbox',
    successUrl,
    cancelUrl,
  });
  return { checkoutUrl: session.url, sessionId: session.id, changedInPlace: false };
}

/**
 * POST /payments/verify-payment (part 2 §7): the caller's own checkout, paid,
 * for the plan named; its subscription is applied now (the webhook may come later).
 */
export async function verifyPayment(ctx: BillingContext, identity: Identity, { sessionId, planType }: { sessionId: string; planType: PlanType }): Promise<PaymentResult> {
  const sessions = ctx.dataSource.getRepository(CheckoutSession);
  const session = await sessions.findOneBy({ id: sessionId, userId: identity.userId });
  if (!session) throw notFound(BillingMessages.verificationFailed);
  if (session.planType !== planType) throw badRequest(BillingMessages.verificationFailed);
  const { payments } = ctx.adapters;
  let outcome;
  try {
    outcome = await payments.checkoutOutcome(session);
  } catch (error) {
    paymentsFailed(ctx, error, BillingMessages.verificationError('the payment service did not answer. Please try again later.'));
  }
  if (!outcome.paid) throw badRequest(BillingMessages.verificationFailed);
  if (outcome.subscription) {
    await applyFreshReport(ctx, identity.userId, outcome.subscription, payments.source);
    if (session.status !== 'complete') await sessions.update({ id: session.id }, { status: 'complete', completedAt: new Date() });
  }
  return { success: true, message: BillingMessages.paymentVerified(planType) };
}
