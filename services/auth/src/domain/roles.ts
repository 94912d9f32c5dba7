import type { PlanType, Role, SubscriptionStatus } from '@planner/contracts';

export { roleAfterSubscription } from '@planner/contracts';

/** What "reset role" returns a user to: their plan's role, or basic without a live subscription. */
export function defaultRole(plan: PlanType | null, status: SubscriptionStatus | null): Role {
  return plan && status && status !== 'canceled' ? plan : 'basic';
}
