import { describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { daysInMonth, defaultValue, displayOf, partsOf, scheduleProblem, skippedTimeNote, valueAt, valueOf } from '../src/post-form/schedule-time.js';

describe('the time picker in the organization’s time zone (part 2 §5, §9)', () => {
  it('shows DD/Mon/YYYY HH:mm and keeps YYYY-MM-DDTHH:mm', () => {
    expect(displayOf('2026-03-05T09:07')).toBe('05/Mar/2026 09:07');
    expect(displayOf('2026-12-31T23:59')).toBe('31/Dec/2026 23:59');
    expect(displayOf('2026-02-30T10:00')).toBe('');
    expect(partsOf('2026-13-01T10:00')).toBeNull();
    expect(valueOf({ year: 2026, month: 3, day: 5, hour: 9, minute: 7 })).toBe('2026-03-05T09:07');
  });

  it('brings the day within the month (leap years included)', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(valueOf({ year: 2026, month: 2, day: 31, hour: 12, minute: 0 })).toBe('2026-02-28T12:00');
    expect(valueOf({ year: 2028, month: 2, day: 31, hour: 12, minute: 0 })).toBe('2028-02-29T12:00');
  });

  it('reads an instant as the zone’s wall clock, summer and winter', () => {
    expect(valueAt(new Date('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBe('2026-07-01T14:00');
    expect(valueAt(new Date('2026-01-15T12:00:00Z'), 'Europe/Paris')).toBe('2026-01-15T13:00');
    expect(valueAt(new Date('2026-01-15T03:00:00Z'), 'America/New_York')).toBe('2026-01-14T22:00');
  });

  it('starts an hour ahead on the next quarter hour, in the zone', () => {
    expect(defaultValue(new Date('2026-07-01T12:03:00Z'), 'Europe/Paris')).toBe('2026-07-01T15:15');
    expect(defaultValue(new Date('2026-07-01T12:00:00Z'), 'Asia/Tokyo')).toBe('2026-07-01T22:00');
  });

  it('needs a time to come in the zone, not the browser’s', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(scheduleProblem('', 'UTC', now)).toBe(PostMessages.scheduledTimeRequired);
    expect(scheduleProblem('2026-02-30T10:00', 'UTC', now)).toBe(PostMessages.scheduledTimeInvalid);
    // Now is 12:00 UTC: 13:30 in Paris is 11:30 UTC (past), 13:30 in UTC is to come, 08:30 in New York is 12:30 UTC (to come).
    expect(scheduleProblem('2026-07-01T13:30', 'Europe/Paris', now)).toBe(PostMessages.scheduledTimeInPast);
    expect(scheduleProblem('2026-07-01T13:30', 'UTC', now)).toBeNull();
    expect(scheduleProblem('2026-07-01T08:30', 'America/New_York', now)).toBeNull();
  });

  it('says when a time the clocks skip is published (New York, 8 March 2026: 02:30 → 03:00)', () => {
    expect(skippedTimeNote('2026-03-08T02:30', 'America/New_York')).toBe(
      '08/Mar/2026 02:30 does not exist in America/New_York (the clocks go forward): the post is published at 08/Mar/2026 03:00.',
    );
    expect(skippedTimeNote('2026-03-08T03:30', 'America/New_York')).toBeNull();
    expect(skippedTimeNote('2026-11-01T01:30', 'America/New_York')).toBeNull();
  });
});
