import type { EntityManager } from 'typeorm';
import { advisoryLock } from '@planner/service-kit/data';
import type { BillingContext } from '../context.js';
import { Subscription } from '../entities/subscription.entity.js';
import {
  effectivePlan,
  heldFromReport,
  judgeReport,
  later,
  nextAnnouncement,
  toStripeSecond,
  type HeldSubscription,
  type ProviderSubscription,
  type SubscriptionSource,
} from '../domain/subscription-state.js';

/** One writer at a time per user's subscription, until the transaction ends (the row may not exist yet). */
export async function lockSubscriptionOf(manager: EntityManager, userId: string): Promise<Subscription | null> {
  await advisoryLock(manager, `subscription:${userId}`);
  return manager.getRepository(Subscription).findOneBy({ userId });
}

/** The user a Stripe subscription or customer belongs to, by what billing holds. */
export async function userOfStripe(manager: EntityManager, subscriptionId: string | null, customerId: string | null = null): Promise<string | null> {
  const repo = manager.getRepository(Subscription);
  const row = (subscriptionId && (await repo.findOneBy({ stripeSubscriptionId: subscriptionId }))) || (customerId && (await repo.findOneBy({ stripeCustomerId: customerId })));
  return row ? row.userId : null;
}

/**
 * Saves the user's subscription as `next`; when the plan the user has or the
 * status changed, billing.subscription.changed goes out in the same
 * transaction, saying when the change took effect (`changedAt`, later than
 * the user's previous one: writes of a user are serialized by their lock).
 */
export async function saveSubscription(ctx: BillingContext, manager: EntityManager, userId: string, current: Subscription | null, next: HeldSubscription): Promise<Subscription> {
  const repo = manager.getRepository(Subscription);
  const planType = effectivePlan(next);
  const changed = !current || effectivePlan(current) !== planType || current.status !== next.status;
  const announcedAt = changed ? nextAnnouncement(next.stateAt, current?.announcedAt ?? null) : (current?.announcedAt ?? null);
  const saved = await repo.save(current ? repo.merge(current, { ...next, announcedAt }) : repo.create({ userId, ...next, announcedAt }));
  if (changed) await ctx.outbox.add(manager, 'billing.subscription.changed', { userId, planType, status: next.status, changedAt: announcedAt!.toISOString() });
  return saved;
}

/** Where a report comes from and when it was true. */
export interface ReportOrigin {
  source: SubscriptionSource;
  /** Stripe's time of the state (an event's `created`). */
  at: Date;
  /**
   * The payment side's answer just now (to a retrieval or to our own change):
   * the latest state there is, applied whatever the time held, as a
   * subscription that ended still never comes back.
   */
  fresh?: boolean;
}

/**
 * Applies what the payment side reports of the user's subscription, in the
 * caller's transaction with the user's lock held: stale reports change
 * nothing, and a tie (same second, other content) is settled by asking the
 * payment side for the subscription as it is now.
 */
export async function applyReport(
  ctx: BillingContext,
  manager: EntityManager,
  userId: string,
  current: Subscription | null,
  report: ProviderSubscription,
  { source, at, fresh = false }: ReportOrigin,
): Promise<Subscription | null> {
  const stateAt = fresh && current ? later(at, current.stateAt) : at;
  const verdict = judgeReport(current, report, stateAt);
  if (verdict === 'stale' || verdict === 'unchanged') return current;
  if (verdict === 'tie' && !fresh) return settleWithStripe(ctx, manager, userId, current, report.subscriptionId, stateAt);
  return saveSubscription(ctx, manager, userId, current, heldFromReport(source, report, stateAt));
}

/** Two reports of one second disagree: the subscription as Stripe holds it now is applied (fresh). */
export async function settleWithStripe(ctx: BillingContext, manager: EntityManager, userId: string, current: Subscription | null, subscriptionId: string, at: Date): Promise<Subscription | null> {
  const now = await ctx.adapters.payments.subscription(subscriptionId);
  return now ? applyReport(ctx, manager, userId, current, now, { source: 'stripe', at, fresh: true }) : current;
}

/** A fresh report (our own call's answer) applied in a transaction of its own, under the user's lock. */
export function applyFreshReport(ctx: BillingContext, userId: string, report: ProviderSubscription, source: SubscriptionSource): Promise<Subscription | null> {
  const at = toStripeSecond(new Date());
  return ctx.dataSource.transaction(async (manager) => applyReport(ctx, manager, userId, await lockSubscriptionOf(manager, userId), report, { source, at, fresh: true }));
}
