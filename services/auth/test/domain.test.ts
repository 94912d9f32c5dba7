import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@planner/contracts';
import { firstFreeUsername, usernameFromEmail } from '../src/domain/usernames.js';

describe('usernames made from e-mails', () => {
  it('keeps only the characters a username may have', () => {
    expect(usernameFromEmail('ann-marie+news@example.com')).toBe('annmarienews');
    expect(usernameFromEmail('j.doe_1@example.com')).toBe('j.doe_1');
    expect(usernameFromEmail('+++@example.com')).toBe('user');
  });

  it('is always a valid username, even from a long local part', () => {
    const name = usernameFromEmail(`${'x'.repeat(64)}@example.com`);
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it('adds the smallest free numeric suffix, case-insensitively, within 30 characters', () => {
    expect(firstFreeUsername('admin', new Set())).toBe('admin');
    expect(firstFreeUsername('admin', new Set(['Admin', 'admin2']))).toBe('admin3');
    const long = 'y'.repeat(30);
    expect(firstFreeUsername(long, new Set([long]))).toBe(`${'y'.repeat(29)}2`);
  });
});

describe('session rules', async () => {
  const { hoursRemaining, isBanActive, judgeRefresh } = await import('../src/domain/sessions.js');
  const now = new Date('2026-11-22T12:00:00Z');
  const later = new Date('2026-11-22T13:00:00Z');

  it('judges a refresh token: rotate, reuse, revoked, expired', () => {
    expect(judgeRefresh({ usedAt: null, revokedAt: null, expiresAt: later }, now)).toBe('rotate');
    expect(judgeRefresh({ usedAt: now, revokedAt: null, expiresAt: later }, now)).toBe('reuse');
    expect(judgeRefresh({ usedAt: now, revokedAt: now, expiresAt: later }, now)).toBe('revoked');
    expect(judgeRefresh({ usedAt: null, revokedAt: null, expiresAt: now }, now)).toBe('expired');
  });

  it('holds a ban while it has no end or its end is ahead', () => {
    expect(isBanActive({ isBanned: true, banExpiresAt: null }, now)).toBe(true);
    expect(isBanActive({ isBanned: true, banExpiresAt: later }, now)).toBe(true);
    expect(isBanActive({ isBanned: true, banExpiresAt: now }, now)).toBe(false);
    expect(isBanActive({ isBanned: false, banExpiresAt: null }, now)).toBe(false);
  });

  it('keeps a stay-logged-in session 30 days and another one day', async () => {
    const { refreshExpiry } = await import('../src/domain/sessions.js');
    expect(refreshExpiry(now, true).getTime() - now.getTime()).toBe(30 * 24 * 3600_000);
    expect(refreshExpiry(now, false).getTime() - now.getTime()).toBe(24 * 3600_000);
  });

  it('rounds the hours left on a hold up', () => {
    expect(hoursRemaining(new Date(now.getTime() + 90 * 60_000), now)).toBe(2);
    expect(hoursRemaining(now, now)).toBe(0);
  });
});

describe('roles and plans', async () => {
  const { defaultRole, roleAfterSubscription } = await import('../src/domain/roles.js');

  it('gives the plan while the subscription lives and basic once canceled, never touching admins', () => {
    expect(roleAfterSubscription('basic', 'pro', 'active')).toBe('pro');
    expect(roleAfterSubscription('pro', 'pro', 'past_due')).toBe('pro');
    expect(roleAfterSubscription('pro', 'pro', 'canceled')).toBe('basic');
    expect(roleAfterSubscription('admin', 'starter', 'active')).toBe('admin');
    expect(roleAfterSubscription('superadmin', 'starter', 'canceled')).toBe('superadmin');
  });

  it('resets to the plan role, or basic without a live subscription', () => {
    expect(defaultRole('advanced', 'active')).toBe('advanced');
    expect(defaultRole('advanced', 'canceled')).toBe('basic');
    expect(defaultRole(null, null)).toBe('basic');
  });
});
