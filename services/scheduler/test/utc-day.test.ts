import { describe, expect, it } from 'vitest';
import { AFTER_MIDNIGHT_MS, untilAfterNextUtcMidnight } from '../src/domain/utc-day.js';

const at = (iso: string) => Date.parse(iso);

describe('the wait for a daily limit that resets at midnight UTC', () => {
  it('lasts until a minute past the next midnight UTC, whatever the hour', () => {
    expect(at('2026-12-02T10:00:00Z') + untilAfterNextUtcMidnight(at('2026-12-02T10:00:00Z'))).toBe(at('2026-12-03T00:01:00Z'));
    expect(untilAfterNextUtcMidnight(at('2026-12-02T23:59:30Z'))).toBe(30_000 + AFTER_MIDNIGHT_MS);
    expect(untilAfterNextUtcMidnight(at('2026-12-02T00:00:30Z'))).toBe(86_400_000 - 30_000 + AFTER_MIDNIGHT_MS);
  });

  it('at midnight exactly waits for the next one, and crosses months and years', () => {
    expect(untilAfterNextUtcMidnight(at('2026-12-03T00:00:00Z'))).toBe(86_400_000 + AFTER_MIDNIGHT_MS);
    expect(at('2026-12-31T18:00:00.250Z') + untilAfterNextUtcMidnight(at('2026-12-31T18:00:00.250Z'))).toBe(at('2027-01-01T00:01:00Z'));
  });

  it('never depends on the server time zone (a 23-hour or 25-hour local day)', () => {
    // 2026-10-25 is the day Europe leaves summer time; UTC days are all 24 hours.
    expect(at('2026-10-25T12:00:00Z') + untilAfterNextUtcMidnight(at('2026-10-25T12:00:00Z'))).toBe(at('2026-10-26T00:01:00Z'));
  });
});
