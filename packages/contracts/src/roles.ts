import { z } from 'zod';

/** Part 1 §6: every role a user can hold, in tier order. */
export const ROLES = ['test', 'basic', 'starter', 'pro', 'advanced', 'admin', 'superadmin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  test: 'User',
  basic: 'Basic',
  starter: 'Starter',
  pro: 'Professional',
  advanced: 'Advanced',
  admin: 'Administrator',
  superadmin: 'Superadmin',
};

export const FEATURES = ['generator', 'calendar', 'post_review', 'auto_post'] as const;
export type Feature = (typeof FEATURES)[number];

export const capabilitiesSchema = z.object({
  can_use_generator: z.boolean(),
  can_use_calendar: z.boolean(),
  can_use_auto_post: z.boolean(),
  can_use_post_review: z.boolean(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

const FEATURE_FLAG: Record<Feature, keyof Capabilities> = {
  generator: 'can_use_generator',
  calendar: 'can_use_calendar',
  post_review: 'can_use_post_review',
  auto_post: 'can_use_auto_post',
};

/**
 * Roles that get a feature without a capability flag. The spec reads two ways on
 * the generator (part 1 §6, part 2 §6); the plan table (part 2 §1: basic has no
 * content generation) decides it: admin, starter, pro and advanced.
 */
const ROLES_WITH_FEATURE: Record<Feature, readonly Role[]> = {
  generator: ['admin', 'superadmin', 'starter', 'pro', 'advanced'],
  calendar: ['admin', 'superadmin', 'starter', 'pro', 'advanced'],
  post_review: ['admin', 'superadmin', 'starter', 'pro', 'advanced'],
  auto_post: ['admin', 'superadmin', 'starter', 'pro', 'advanced'],
};

export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}

export function hasFeature(role: Role, feature: Feature, flags?: Partial<Capabilities>): boolean {
  return ROLES_WITH_FEATURE[feature].includes(role) || flags?.[FEATURE_FLAG[feature]] === true;
}

/** The capability flags a user has once role and explicit grants are combined. */
export function effectiveCapabilities(role: Role, flags?: Partial<Capabilities>): Capabilities {
  return {
    can_use_generator: hasFeature(role, 'generator', flags),
    can_use_calendar: hasFeature(role, 'calendar', flags),
    can_use_auto_post: hasFeature(role, 'auto_post', flags),
    can_use_post_review: hasFeature(role, 'post_review', flags),
  };
}

/**
 * Features whose upgrade hint a role sees (part 1 §6: basic users see hints for
 * generation and auto-posting; issue 3: basic and test get them for the
 * generator they lack). Roles that have a feature see no hint for it.
 */
export function upgradeHints(role: Role, flags?: Partial<Capabilities>): Feature[] {
  if (role !== 'basic' && role !== 'test') return [];
  return (['generator', 'auto_post'] as const).filter((feature) => !hasFeature(role, feature, flags));
}
