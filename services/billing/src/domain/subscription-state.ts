import { BillingMessages, PLANS, type PlanType, type SubscriptionDetails, type SubscriptionStatus } from '@planner/contracts';

/** Where a subscription comes from: Stripe, the sandbox checkout, or an admin (nothing to charge). */
export type SubscriptionSource = 'stripe' | 'sandbox' | 'admin';

/** A subscription as the payment side holds it (Stripe, or the sandbox standing in for it). */
export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string;
  planType: PlanType;
  status: SubscriptionStatus;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
}

/** What billing holds of a user's subscription (a row's fields that the rules read). */
export interface HeldSubscription {
  source: SubscriptionSource;
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  planType: PlanType;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  amountCents: number;
  stateAt: Date;
}

/** The plan a user has now: a canceled subscription leaves them on basic (part 2 §4). */
export function effectivePlan({ planType, status }: Pick<HeldSubscription, 'planType' | 'status'>): PlanType {
  return status === 'canceled' ? 'basic' : planType;
}

/** Part 2 §4: expired when canceled, or when the period is over with the cancel flag; no subscription is expired too. */
export function isExpired(held: Pick<HeldSubscription, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'> | null, now: Date): boolean {
  if (!held || held.status === 'canceled') return true;
  return held.cancelAtPeriodEnd && held.currentPeriodEnd !== null && held.currentPeriodEnd.getTime() <= now.getTime();
}

/** A subscription someone pays for through Stripe or the sandbox, still running: plan changes go to it. */
export function isPaying(held: HeldSubscription | null): held is HeldSubscription & { stripeSubscriptionId: string } {
  return held !== null && held.source !== 'admin' && held.stripeSubscriptionId !== null && held.status !== 'canceled';
}

/** What to do with a subscription's state the payment side reports at `at` (an event's time, or now for our own calls). */
export type Verdict = 'apply' | 'stale' | 'unchanged' | 'tie';

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

function sameState(held: HeldSubscription, incoming: ProviderSubscription): boolean {
  return (
    held.stripeSubscriptionId === incoming.subscriptionId &&
    held.planType === incoming.planType &&
    held.status === incoming.status &&
    held.cancelAtPeriodEnd === incoming.cancelAtPeriodEnd &&
    held.amountCents === incoming.amountCents &&
    sameTime(held.currentPeriodStart, incoming.periodStart) &&
    sameTime(held.currentPeriodEnd, incoming.periodEnd)
  );
}

/**
 * Orders what arrives by the object's own state and time, not by arrival:
 * a Stripe subscription that ended never comes back; an older report than the
 * one held is stale, a newer one is applied (if only to move the time on); a
 * report from the same second that says something else is a tie only Stripe
 * can settle (ask it for the subscription as it is now).
 * Another subscription than the one held replaces it when it is live (the user
 * subscribed again); another one ending concerns a subscription already replaced.
 */
export function judgeReport(held: HeldSubscription | null, incoming: ProviderSubscription, at: Date): Verdict {
  if (!held) return 'apply';
  if (held.stripeSubscriptionId !== incoming.subscriptionId) return incoming.status === 'canceled' ? 'stale' : 'apply';
  if (held.status === 'canceled') return incoming.status === 'canceled' ? 'unchanged' : 'stale';
  if (at.getTime() < held.stateAt.getTime()) return 'stale';
  // A newer report is applied even when it says the same: its time makes the reports between stale.
  if (at.getTime() > held.stateAt.getTime()) return 'apply';
  return sameState(held, incoming) ? 'unchanged' : 'tie';
}

/** The held state once a report is applied. */
export function heldFromReport(source: SubscriptionSource, incoming: ProviderSubscription, at: Date): HeldSubscription {
  return {
    source,
    stripeSubscriptionId: incoming.subscriptionId,
    stripeCustomerId: incoming.customerId,
    planType: incoming.planType,
    status: incoming.status,
    currentPeriodStart: incoming.periodStart,
    currentPeriodEnd: incoming.periodEnd,
    cancelAtPeriodEnd: incoming.cancelAtPeriodEnd,
    amountCents: incoming.amountCents,
    stateAt: at,
  };
}

/**
 * An invoice of the held subscription paid or failed at `at`: the status it
 * leaves (paid → active, failed → past_due), stale when older than the state
 * held (or of another or an ended subscription), a tie when of the same
 * second and saying otherwise (Stripe's subscription settles it).
 */
export function judgeInvoice(held: HeldSubscription | null, subscriptionId: string, paid: boolean, at: Date): { verdict: Verdict; status: SubscriptionStatus } {
  const status = paid ? 'active' : 'past_due';
  if (!held || held.stripeSubscriptionId !== subscriptionId || held.status === 'canceled' || at.getTime() < held.stateAt.getTime()) return { verdict: 'stale', status };
  if (held.status === status) return { verdict: 'unchanged', status };
  return { verdict: at.getTime() === held.stateAt.getTime() ? 'tie' : 'apply', status };
}

/** What a user's choice of plan does (part 2 §2 buttons: Upgrade, Downgrade, Resubscribe, Active Until End of Period). */
export type PlanChange =
  | { kind: 'checkout' }
  | { kind: 'change' }
  | { kind: 'resume' }
  | { kind: 'cancel_at_period_end' }
  | { kind: 'refused'; message: string };

/**
 * A paying user changes plan on their subscription (prorated) rather than
 * buying a second one; basic cancels at the period's end, and choosing the
 * plan again before then undoes that. Anyone else goes to checkout.
 */
export function planChangeFor(held: HeldSubscription | null, requested: PlanType): PlanChange {
  if (!isPaying(held)) return requested === 'basic' ? { kind: 'refused', message: BillingMessages.noSubscription } : { kind: 'checkout' };
  if (requested === 'basic') return held.cancelAtPeriodEnd ? { kind: 'refused', message: BillingMessages.alreadyDowngraded } : { kind: 'cancel_at_period_end' };
  if (requested === held.planType) return held.cancelAtPeriodEnd ? { kind: 'resume' } : { kind: 'refused', message: BillingMessages.alreadyOnPlan(requested) };
  return { kind: 'change' };
}

/** The monthly price of a plan in cents (part 2 §1). */
export const priceCentsOf = (plan: PlanType) => PLANS[plan].priceCents;

/** Part 2 §3 Subscription fields as the API shows them. */
export function subscriptionDetails(held: HeldSubscription & { createdAt: Date; updatedAt: Date }): SubscriptionDetails {
  return {
    plan_type: held.planType,
    status: held.status,
    current_period_start: held.currentPeriodStart?.toISOString() ?? null,
    current_period_end: held.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: held.cancelAtPeriodEnd,
    amount: held.amountCents / 100,
    created_at: held.createdAt.toISOString(),
    updated_at: held.updatedAt.toISOString(),
  };
}

/** The date a period ends, as messages show it (dd/Mon/yyyy, part 2 §9). */
export function displayDate(date: Date | null): string {
  if (!date) return 'the end of the period';
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${String(date.getUTCDate()).padStart(2, '0')}/${month}/${date.getUTCFullYear()}`;
}

/** A time as Stripe states them, to the second: our own changes compare with its events' `created`. */
export function toStripeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** The same day and time a month later (the 31st becomes the month's last day), as a monthly period ends. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** The later of two times. */
export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** The `changedAt` of a user's next announced change: when it took effect, and always after the previous one. */
export function nextAnnouncement(takesEffect: Date, previous: Date | null): Date {
  return previous && previous.getTime() >= takesEffect.getTime() ? new Date(previous.getTime() + 1) : takesEffect;
}
