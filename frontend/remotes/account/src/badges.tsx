import { ROLES, ROLE_LABELS, type PublicUser, type Role } from '@planner/contracts';

/** Part 1 §6: advanced blue, pro green, starter yellow, others gray. */
export function planColour(plan: string): 'blue' | 'green' | 'yellow' | 'gray' {
  if (plan === 'advanced') return 'blue';
  if (plan === 'pro') return 'green';
  if (plan === 'starter') return 'yellow';
  return 'gray';
}

function label(value: string): string {
  return (ROLES as readonly string[]).includes(value) ? ROLE_LABELS[value as Role] : value;
}

export function planOf(user: PublicUser): string {
  return user.subscription?.plan_type ?? user.role;
}

export function PlanBadge({ user }: { user: PublicUser }) {
  const plan = planOf(user);
  return <span className={`badge badge-${planColour(plan)}`}>{`${label(plan)} plan`}</span>;
}

export function RoleBadge({ user }: { user: PublicUser }) {
  return <span className="badge badge-role">{label(user.role)}</span>;
}
