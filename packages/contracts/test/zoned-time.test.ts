import { describe, expect, it } from 'vitest';
import { instantOfWallClock, scheduledInstant, wallClockAt } from '../src/index.js';

const at = (value: string) => new Date(value);

describe('scheduled times (a post’s scheduled_time, an auto-schedule’s specific_date)', () => {
  it('take ISO 8601 with an offset as given', () => {
    expect(scheduledInstant('2026-12-01T10:00:00+02:00', 'UTC')).toEqual(at('2026-12-01T08:00:00Z'));
    expect(scheduledInstant('2026-12-01T10:00Z', 'Europe/Berlin')).toEqual(at('2026-12-01T10:00:00Z'));
    expect(scheduledInstant('2026-12-24T18:00:00.000Z', 'America/New_York')).toEqual(at('2026-12-24T18:00:00Z'));
  });

  it('read the time picker’s value in the organization’s zone, in winter and summer', () => {
    expect(scheduledInstant('2026-12-01T10:00', 'Europe/Berlin')).toEqual(at('2026-12-01T09:00:00Z'));
    expect(scheduledInstant('2026-07-01T10:00', 'Europe/Berlin')).toEqual(at('2026-07-01T08:00:00Z'));
    expect(scheduledInstant('2026-07-01T10:00', 'America/New_York')).toEqual(at('2026-07-01T14:00:00Z'));
    expect(scheduledInstant('2026-07-01T09:00:30', 'Europe/London')).toEqual(at('2026-07-01T08:00:30Z'));
  });

  it('take a time the clocks skip as the first minute after the jump, one that happens twice as its first occurrence', () => {
    expect(scheduledInstant('2026-03-08T02:30', 'America/New_York')).toEqual(at('2026-03-08T07:00:00Z'));
    expect(scheduledInstant('2026-03-29T02:30', 'Europe/Berlin')).toEqual(at('2026-03-29T01:00:00Z'));
    expect(scheduledInstant('2027-03-28T01:59', 'Europe/London')).toEqual(at('2027-03-28T01:00:00Z'));
    expect(scheduledInstant('2026-11-01T01:30', 'America/New_York')).toEqual(at('2026-11-01T05:30:00Z'));
    expect(scheduledInstant('2026-10-25T01:30', 'Europe/London')).toEqual(at('2026-10-25T00:30:00Z'));
  });

  it('are null for anything else', () => {
    for (const value of ['2026-02-30T10:00', '2026-12-24', 'tomorrow', '2026-12-24T24:00', '2026-12-01T25:00', '2026-12-24T18:00+25:00', '']) {
      expect(scheduledInstant(value, 'UTC'), value).toBeNull();
    }
  });
});

describe('wall clocks', () => {
  it('read an instant in a zone, and back, where the time exists once', () => {
    const wall = Date.UTC(2026, 5, 1, 9, 0);
    expect(wallClockAt(Date.parse('2026-06-01T13:00:00Z'), 'America/New_York')).toBe(wall);
    expect(instantOfWallClock(wall, 'America/New_York')).toEqual(at('2026-06-01T13:00:00Z'));
    expect(instantOfWallClock(wall, 'Asia/Kolkata')).toEqual(at('2026-06-01T03:30:00Z'));
  });
});
