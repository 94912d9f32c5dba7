import { z } from 'zod';
import { CHARACTER_COUNT_RANGE } from './character-counts.js';
import { OrganizationMessages } from './organizations.js';
import { isAdminRole, type Role } from './roles.js';

/** Part 2 §1: the paid plans a subscription can be on. */
export const PLAN_TYPES = ['basic', 'starter', 'pro', 'advanced'] as const;
export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export interface PlanLimits {
  /** Active organizations; null means unlimited. */
  organizations: number | null;
  contentGenerationsPerDay: number;
  mediaGenerationsPerDay: number;
  calendarAutoPostReview: boolean;
  prioritySupport: boolean;
  /** Monthly price in US cents. */
  priceCents: number;
}

export const PLANS: Record<PlanType, PlanLimits> = {
  basic: { organizations: 1, contentGenerationsPerDay: 0, mediaGenerationsPerDay: 0, calendarAutoPostReview: false, prioritySupport: false, priceCents: 0 },
  starter: { organizations: 5, contentGenerationsPerDay: 20, mediaGenerationsPerDay: 10, calendarAutoPostReview: true, prioritySupport: false, priceCents: 999 },
  pro: { organizations: 10, contentGenerationsPerDay: 50, mediaGenerationsPerDay: 25, calendarAutoPostReview: true, prioritySupport: false, priceCents: 1999 },
  advanced: { organizations: 25, contentGenerationsPerDay: 100, mediaGenerationsPerDay: 50, calendarAutoPostReview: true, prioritySupport: true, priceCents: 3999 },
};

/** The plan whose limits apply to a role; admins are unlimited (null), test users get basic's. */
export function planForRole(role: Role): PlanType | null {
  switch (role) {
    case 'admin':
    case 'superadmin':
      return null;
    case 'test':
      return 'basic';
    default:
      return role;
  }
}

/**
 * The role a user holds once a plan change takes effect: the plan while the
 * subscription is active or past due, basic once canceled. Admins keep their
 * role whatever they buy (part 1 §4: the plan sets the role; issue 3: never
 * demote an admin). Auth gives the role by it and organizations applies the
 * plan's limits by it, so both read a change alike.
 */
export function roleAfterSubscription(current: Role, plan: PlanType, status: SubscriptionStatus): Role {
  if (isAdminRole(current)) return current;
  return status === 'canceled' ? 'basic' : plan;
}

/**
 * Plan changes may arrive late or twice: one whose time is before the last
 * applied for the user is stale and skipped (one at the same time is applied
 * again, which changes nothing).
 */
export function isStalePlanChange(changedAt: Date, lastApplied: Date | null): boolean {
  return lastApplied !== null && changedAt.getTime() < lastApplied.getTime();
}

/** Active organizations a role may hold; null means unlimited (part 1 §9: 0 or null is unlimited). */
export function organizationLimit(role: Role): number | null {
  const plan = planForRole(role);
  return plan === null ? null : PLANS[plan].organizations;
}

/** Part 1 §9, part 2 §1: an organization limit of 0 or null means unlimited. */
export function isUnlimitedOrganizationLimit(limit: number | null): boolean {
  return limit === null || limit === 0;
}

/** GET /organizations/limits (part 1 §2, part 2 §1). */
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
  const limit = isUnlimitedOrganizationLimit(planLimit) ? null : planLimit;
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

/** Part 1 §5, part 2 §4: why creating or activating one more organization is refused, or null while a slot is free. */
export function organizationLimitRefusal(limits: OrganizationLimits): string | null {
  return limits.can_create_more ? null : OrganizationMessages.planLimitReached(limits.limit ?? 0);
}

/** Part 2 §6 template limits: admin 100, premium 20, basic/test 1, others 5. */
export function templateLimit(role: Role | 'premium'): number {
  switch (role) {
    case 'admin':
    case 'superadmin':
      return 100;
    case 'premium':
      return 20;
    case 'basic':
    case 'test':
      return 1;
    default:
      return 5;
  }
}

export const LIMITS = {
  /** Part 2 §9: review time at most 30 days. */
  maxReviewTimeMinutes: 43200,
  minReviewTimeMinutes: 1,
  /** Part 2 §9: character limit and target count 1 to 5000. */
  minCharacters: CHARACTER_COUNT_RANGE.min,
  maxCharacters: CHARACTER_COUNT_RANGE.max,
  carouselMinMedia: 2,
  shortMaxFiles: 1,
  defaultPlatformDailyLimit: 10,
  usernameMaxLength: 30,
  passwordMinLength: 8,
  banMinHours: 1,
  blogPageSize: 10,
  newsletterSubscriberPageSize: 50,
  excerptFallbackLength: 150,
  defaultSystemMessageDurationMs: 5000,
} as const;

/** Part 2 §3: the content languages (locale codes), default en-US. */
export const LANGUAGES = [
  'en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE', 'zh-CN', 'ja-JP', 'it-IT', 'pt-PT', 'pt-BR', 'nl-NL', 'pl-PL', 'ru-RU',
  'uk-UA', 'el-GR', 'cs-CZ', 'hu-HU', 'sv-SE', 'da-DK', 'fi-FI', 'no-NO', 'zh-TW', 'ko-KR', 'th-TH', 'vi-VN', 'id-ID',
  'ms-MY', 'hi-IN', 'bn-IN', 'ar-SA', 'ar-AE', 'ar-EG', 'fa-IR', 'he-IL', 'es-MX', 'es-AR', 'es-CO', 'fr-CA',
] as const;
export const DEFAULT_LANGUAGE = 'en-US';

/** Part 2 §2: the language choices grouped major, european, asian, middle eastern, american. */
export const LANGUAGE_GROUPS: [label: string, codes: (typeof LANGUAGES)[number][]][] = [
  ['Major', ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE', 'zh-CN', 'ja-JP']],
  ['European', ['it-IT', 'pt-PT', 'nl-NL', 'pl-PL', 'ru-RU', 'uk-UA', 'el-GR', 'cs-CZ', 'hu-HU', 'sv-SE', 'da-DK', 'fi-FI', 'no-NO']],
  ['Asian', ['zh-TW', 'ko-KR', 'th-TH', 'vi-VN', 'id-ID', 'ms-MY', 'hi-IN', 'bn-IN']],
  ['Middle Eastern', ['ar-SA', 'ar-AE', 'ar-EG', 'fa-IR', 'he-IL']],
  ['American', ['pt-BR', 'es-MX', 'es-AR', 'es-CO', 'fr-CA']],
];
