import { describe, expect, it } from 'vitest';
import {
  effectiveCapabilities,
  errorBodySchema,
  eventSchemas,
  formatWait,
  hasFeature,
  isUnlimitedOrganizationLimit,
  organizationLimit,
  organizationLimitRefusal,
  organizationLimits,
  OrganizationMessages,
  SharedMessages,
  streamOf,
  templateLimit,
} from '../src/index.js';

describe('roles and features', () => {
  it('gives paid plans and admins every feature, basic and test none', () => {
    for (const role of ['starter', 'pro', 'advanced', 'admin'] as const) {
      expect(effectiveCapabilities(role)).toEqual({
        can_use_generator: true,
        can_use_calendar: true,
        can_use_auto_post: true,
        can_use_post_review: true,
      });
    }
    expect(hasFeature('basic', 'generator')).toBe(false);
    expect(hasFeature('test', 'calendar')).toBe(false);
  });

  it('shows basic and test users upgrade hints for generation and auto-posting, others none', async () => {
    const { upgradeHints } = await import('../src/index.js');
    expect(upgradeHints('basic')).toEqual(['generator', 'auto_post']);
    expect(upgradeHints('test')).toEqual(['generator', 'auto_post']);
    expect(upgradeHints('basic', { can_use_generator: true })).toEqual(['auto_post']);
    expect(upgradeHints('starter')).toEqual([]);
    expect(upgradeHints('admin')).toEqual([]);
  });

  it('lets a capability flag grant a feature the role lacks', () => {
    expect(hasFeature('basic', 'generator', { can_use_generator: true })).toBe(true);
    expect(hasFeature('basic', 'calendar', { can_use_generator: true })).toBe(false);
  });
});

describe('plans', () => {
  it('limits active organizations per plan (part 2 §1), admins unlimited', () => {
    expect([organizationLimit('basic'), organizationLimit('starter'), organizationLimit('pro'), organizationLimit('advanced')]).toEqual([1, 5, 10, 25]);
    expect(organizationLimit('test')).toBe(1);
    expect(organizationLimit('admin')).toBeNull();
  });

  it('takes an organization limit of 0 or null as unlimited (part 1 §9)', () => {
    expect(isUnlimitedOrganizationLimit(null)).toBe(true);
    expect(isUnlimitedOrganizationLimit(0)).toBe(true);
    expect(isUnlimitedOrganizationLimit(1)).toBe(false);
    expect(isUnlimitedOrganizationLimit(25)).toBe(false);
  });

  it('counts the active organizations a plan allows and what is left (part 2 §1)', () => {
    expect(organizationLimits('basic', 0, 2)).toEqual({ active_count: 0, inactive_count: 2, total_count: 2, limit: 1, can_create_more: true, remaining: 1 });
    expect(organizationLimits('basic', 1, 0)).toMatchObject({ can_create_more: false, remaining: 0 });
    expect(organizationLimits('test', 1, 0)).toMatchObject({ limit: 1, can_create_more: false, remaining: 0 });
    expect(organizationLimits('starter', 4, 0)).toMatchObject({ limit: 5, remaining: 1 });
    expect(organizationLimits('pro', 10, 0)).toMatchObject({ limit: 10, can_create_more: false });
    expect(organizationLimits('advanced', 3, 0)).toMatchObject({ limit: 25, remaining: 22 });
    expect(organizationLimits('advanced', 30, 0), 'over the limit (after a downgrade): none left').toMatchObject({ limit: 25, remaining: 0, can_create_more: false });
  });

  it('gives admins no organization limit (null)', () => {
    expect(organizationLimits('admin', 400, 0)).toMatchObject({ limit: null, remaining: null, can_create_more: true });
    expect(organizationLimits('superadmin', 0, 0)).toMatchObject({ limit: null, remaining: null, can_create_more: true });
  });

  it('refuses one more active organization with the plan limit message only when no slot is free', () => {
    expect(organizationLimitRefusal(organizationLimits('starter', 5, 1))).toBe(OrganizationMessages.planLimitReached(5));
    expect(organizationLimitRefusal(organizationLimits('starter', 4, 1))).toBeNull();
    expect(organizationLimitRefusal(organizationLimits('admin', 400, 0))).toBeNull();
  });

  it('limits templates per role (part 2 §6)', () => {
    expect(templateLimit('admin')).toBe(100);
    expect(templateLimit('premium')).toBe(20);
    expect(templateLimit('basic')).toBe(1);
    expect(templateLimit('test')).toBe(1);
    expect(templateLimit('pro')).toBe(5);
  });
});

describe('messages', () => {
  it('words the rate-limit wait in seconds or minutes', () => {
    expect(SharedMessages.rateLimited(formatWait(30))).toBe(
      'Slow down, rate limit was reached. Please wait 30 seconds before trying again.',
    );
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(61)).toBe('2 minutes');
  });

  it('fills the plan limit message', () => {
    expect(OrganizationMessages.planLimitReached(5)).toBe(
      'You have reached your plan limit of 5 active accounts. Please deactivate an account or upgrade your plan.',
    );
  });
});

describe('errors and events', () => {
  it('requires a message in every error body', () => {
    expect(errorBodySchema.safeParse({ code: 3015 }).success).toBe(false);
    expect(errorBodySchema.safeParse({ message: 'x', code: 3015, reset: 12 }).success).toBe(true);
  });

  it('maps each subject to its service stream', () => {
    for (const subject of Object.keys(eventSchemas)) {
      expect(subject).toMatch(/^[a-z]+\.[a-z_]+\.[a-z_]+$/);
    }
    expect(streamOf('auth.user.registered')).toBe('AUTH');
  });
});

describe('account validation (part 1 §5)', async () => {
  const { usernameSchema, isStrongPassword, AuthMessages } = await import('../src/index.js');

  it('limits usernames to 30 letters, digits, dots and underscores', () => {
    expect(usernameSchema.safeParse('ann.lee_2').success).toBe(true);
    expect(usernameSchema.safeParse('a'.repeat(31)).error?.issues[0]?.message).toBe(AuthMessages.usernameTooLong);
    expect(usernameSchema.safeParse('ann lee').error?.issues[0]?.message).toBe(AuthMessages.usernameCharacters);
  });

  it('wants 8 characters with an uppercase letter, a digit and a special character', () => {
    expect(isStrongPassword('Admin123!')).toBe(true);
    expect(isStrongPassword('Adm12!')).toBe(false);
    expect(isStrongPassword('admin123!')).toBe(false);
    expect(isStrongPassword('Adminxyz!')).toBe(false);
    expect(isStrongPassword('Admin1234')).toBe(false);
  });
});
