import { PLAN_TYPES, PLANS, type PlanType, type SubscriptionResponse } from '@planner/contracts';

/** Part 2 §2 (Plan selection): the six labels a plan's button can carry, word for word. */
export const PlanButtonLabels = {
  current: 'Current Plan',
  downgrade: 'Downgrade',
  upgrade: 'Upgrade',
  resubscribe: 'Resubscribe',
  alreadyDowngraded: 'Already Downgraded',
  activeUntilEnd: 'Active Until End of Period',
} as const;
export type PlanButtonLabel = (typeof PlanButtonLabels)[keyof typeof PlanButtonLabels];

export interface PlanButton {
  label: PlanButtonLabel;
  disabled: boolean;
}

/** Where the user stands, as GET /payments/subscriptions tells it (part 2 §4). */
export interface PlanStanding {
  /** The plan in effect: the subscription's while it runs, else basic. */
  current: PlanType;
  /** Canceled at the period's end: the plan runs until then, then basic. */
  canceling: boolean;
  /** The paid plan of a subscription that has expired (choosing it again is a resubscription), else null. */
  lapsed: PlanType | null;
}

export function planStanding(answer: SubscriptionResponse | undefined): PlanStanding {
  const subscription = answer?.subscription ?? null;
  if (!subscription) return { current: 'basic', canceling: false, lapsed: null };
  if (answer?.has_subscription) return { current: subscription.plan_type, canceling: subscription.cancel_at_period_end, lapsed: null };
  return { current: 'basic', canceling: false, lapsed: subscription.plan_type === 'basic' ? null : subscription.plan_type };
}

const rank = (plan: PlanType) => PLAN_TYPES.indexOf(plan);

/**
 * The button of `plan`'s card (part 2 §2; docs/decisions/plan-selection.md says
 * which state is which). Basic is always disabled (going down to it is Cancel
 * Subscription), so is the plan in effect, and every button while a checkout,
 * a cancellation or a payment verification is under way (`busy`).
 */
export function planButton(plan: PlanType, standing: PlanStanding, busy: boolean): PlanButton {
  const disabled = busy || plan === 'basic' || plan === standing.current;
  return { label: planButtonLabel(plan, standing), disabled };
}

function planButtonLabel(plan: PlanType, { current, canceling, lapsed }: PlanStanding): PlanButtonLabel {
  // Basic after a paid plan ran out: the downgrade is done.
  if (plan === 'basic' && lapsed) return PlanButtonLabels.alreadyDowngraded;
  if (plan === current) return canceling ? PlanButtonLabels.activeUntilEnd : PlanButtonLabels.current;
  // While a canceled paid plan still runs, Basic is a Downgrade to come (the card says when), not done.
  if (plan === 'basic') return PlanButtonLabels.downgrade;
  if (plan === lapsed) return PlanButtonLabels.resubscribe;
  return rank(plan) < rank(current) ? PlanButtonLabels.downgrade : PlanButtonLabels.upgrade;
}

/** Part 2 §1 and §9: "Free" or "$19.99", per month. */
export function planPrice(plan: PlanType): string {
  const cents = PLANS[plan].priceCents;
  return cents === 0 ? 'Free' : `$${(cents / 100).toFixed(2)}`;
}

const perDay = (count: number, what: string) => (count === 0 ? `No ${what}` : `${count} ${what}s per day`);

/** Part 2 §1: what a plan gives, one line a feature (a leading ✓ or ✗ where it has it or not). */
export function planFeatures(plan: PlanType): { text: string; included: boolean }[] {
  const limits = PLANS[plan];
  const organizations = limits.organizations;
  return [
    { text: organizations === null ? 'Unlimited organizations' : `${organizations} organization${organizations === 1 ? '' : 's'}`, included: true },
    { text: perDay(limits.contentGenerationsPerDay, 'content generation'), included: limits.contentGenerationsPerDay > 0 },
    { text: perDay(limits.mediaGenerationsPerDay, 'media generation'), included: limits.mediaGenerationsPerDay > 0 },
    { text: 'Calendar, Auto-Post, Post Review', included: limits.calendarAutoPostReview },
    { text: 'Priority Support', included: limits.prioritySupport },
  ];
}
