import { organizationLimit, type Role } from '@planner/contracts';

export interface OrganizationLimits {
  active_count: number;
  inactive_count: number;
  total_count: number;
  /** Active organizations allowed; null means unlimited (part 1 §9). */
  limit: number | null;
  can_create_more: boolean;
  /** Slots left; null when unlimited. */
  remaining: number | null;
}

/** Part 2 §1 and §3: how many active organizations a role may hold, and what is left. */
export function organizationLimits(role: Role, activeCount: number, inactiveCount: number): OrganizationLimits {
  const planLimit = organizationLimit(role);
  const limit = planLimit === 0 ? null : planLimit;
  const remaining = limit === null ? null : Math.max(0, limit - activeCount);
  return {
    active_count: activeCount,
    inactive_count: inactiveCount,
    total_count: activeCount + inactiveCount,
    limit,
    can_create_more: remaining === null || remaining > 0,
    remaining,
  };
}
