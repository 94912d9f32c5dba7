import { isAdminRole, type PlanType, type Role, type SubscriptionStatus } from '@planner/contracts';

/**
 * The role a user holds after their subscription changed: the plan while it is
 * active or past due, basic once canceled. Admins keep their role whatever
 * they buy (part 1 §4: the plan sets the role; issue 3: never demote an admin).
 */
export function roleAfterSubscription(current: Role, plan: PlanType, status: SubscriptionStatus): Role {
  if (isAdminRole(current)) return current;
  return status === 'canceled' ? 'basic' : plan;
}

/** What "reset role" returns a user to: their plan's role, or basic without a live subscription. */
export function defaultRole(plan: PlanType | null, status: SubscriptionStatus | null): Role {
  return plan && status && status !== 'canceled' ? plan : 'basic';
}
