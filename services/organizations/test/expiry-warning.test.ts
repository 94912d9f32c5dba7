import { describe, expect, it } from 'vitest';
import { dueExpiryWarning, warnsBeforeExpiry, type ExpiryFacts } from '../src/domain/connections/expiry-warning.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-04-01T12:00:00Z');
/** A LinkedIn connection without a refresh token, running out `left` ms from now. */
const linkedin = (left: number, sent: ExpiryFacts['expiryWarning'] = null): ExpiryFacts => ({
  platform: 'linkedin',
  status: 'connected',
  sandbox: false,
  refreshToken: null,
  expiresAt: new Date(now + left),
  expiryWarning: sent,
});

describe('expiry warnings of a connection that cannot be refreshed (issue 29 §9)', () => {
  it('is due 7 days ahead, once', () => {
    expect(dueExpiryWarning(linkedin(8 * DAY), now)).toBeNull();
    expect(dueExpiryWarning(linkedin(7 * DAY), now)).toBe('7_days');
    expect(dueExpiryWarning(linkedin(6 * DAY), now)).toBe('7_days');
    expect(dueExpiryWarning(linkedin(6 * DAY, '7_days'), now)).toBeNull();
    expect(dueExpiryWarning(linkedin(DAY + 1), now)).toBe('7_days');
  });

  it('is due again within a day, once, and only that one for a connection first seen then', () => {
    expect(dueExpiryWarning(linkedin(DAY, '7_days'), now)).toBe('1_day');
    expect(dueExpiryWarning(linkedin(20 * HOUR, '7_days'), now)).toBe('1_day');
    expect(dueExpiryWarning(linkedin(20 * HOUR), now)).toBe('1_day');
    expect(dueExpiryWarning(linkedin(20 * HOUR, '1_day'), now)).toBeNull();
    expect(dueExpiryWarning(linkedin(3 * DAY, '1_day'), now)).toBeNull();
  });

  it('is never due once the token has run out', () => {
    expect(dueExpiryWarning(linkedin(0), now)).toBeNull();
    expect(dueExpiryWarning(linkedin(-HOUR), now)).toBeNull();
  });

  it('is never due for a refreshable, Sandbox, expired or expiry-less connection', () => {
    const soon = linkedin(2 * DAY);
    expect(warnsBeforeExpiry(soon)).toBe(true);
    expect(dueExpiryWarning({ ...soon, refreshToken: 'v1.sealed' }, now)).toBeNull();
    // Meta's tokens are extended by the sweep.
    expect(dueExpiryWarning({ ...soon, platform: 'facebook' }, now)).toBeNull();
    expect(dueExpiryWarning({ ...soon, sandbox: true }, now)).toBeNull();
    expect(dueExpiryWarning({ ...soon, status: 'expired' }, now)).toBeNull();
    expect(dueExpiryWarning({ ...soon, expiresAt: null }, now)).toBeNull();
  });
});
