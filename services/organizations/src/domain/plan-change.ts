import {
  isUnlimitedOrganizationLimit,
  OrganizationMessages,
  organizationLimit,
  ROLE_LABELS,
  roleAfterSubscription,
  type PlanType,
  type Role,
  type SubscriptionStatus,
} from '@planner/contracts';

/** An organization as the plan rule sees it. */
export interface ActiveOrganization {
  id: string;
  createdAt: Date;
}

/** What a plan change does to an owner: the role their limits follow, and which active organizations go, with why. */
export interface PlanChangeOutcome<T extends ActiveOrganization> {
  role: Role;
  /** The organizations over the new limit, the most recently created first. */
  deactivate: T[];
  reason: string;
}

/**
 * Issue 17: once a plan takes effect, the owner's active organizations over its
 * limit are deactivated, the most recently created first, so the oldest stay.
 * The limit is the role's, as everywhere (`organizationLimit`): an admin keeps
 * their role and stays unlimited; anyone else takes the plan, basic once
 * canceled. A plan with more room reactivates nothing: which ones come back is
 * the owner's choice. The reason names the plan as the user sees it (part 1 §6
 * labels: 'Professional' for pro).
 */
export function planChangeOutcome<T extends ActiveOrganization>(
  currentRole: Role,
  change: { planType: PlanType; status: SubscriptionStatus },
  active: readonly T[],
): PlanChangeOutcome<T> {
  const role = roleAfterSubscription(currentRole, change.planType, change.status);
  const limit = organizationLimit(role);
  const newestFirst = [...active].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const over = limit === null || isUnlimitedOrganizationLimit(limit) ? 0 : Math.max(0, active.length - limit);
  return { role, deactivate: newestFirst.slice(0, over), reason: OrganizationMessages.planLimitDeactivation(ROLE_LABELS[role]) };
}
