import { describe, expect, it } from 'vitest';
import { untilNextMidnight } from '../src/domain/daily-reset.js';

const hours = (timeZone: string, iso: string) => untilNextMidnight(timeZone, Date.parse(iso)) / 3_600_000;

describe('the next midnight in a time zone', () => {
  it('Pacific time, where YouTube resets its daily quota: PDT and PST', () => {
    expect(hours('America/Los_Angeles', '2026-06-15T19:00:00Z')).toBe(12); // 12:00 PDT
    expect(hours('America/Los_Angeles', '2026-12-02T04:10:00Z')).toBe(3 + 50 / 60); // 20:10 PST
  });

  it('counts a 25-hour day (daylight saving ends) and a 23-hour day (it begins) as long as they are', () => {
    expect(hours('America/Los_Angeles', '2026-11-01T07:30:00Z')).toBe(24.5); // 00:30 PDT, clocks go back at 02:00
    expect(hours('America/Los_Angeles', '2026-11-01T18:00:00Z')).toBe(14); // 10:00 PST, after the change
    expect(hours('America/Los_Angeles', '2026-03-08T08:30:00Z')).toBe(22.5); // 00:30 PST, clocks go forward at 02:00
    expect(hours('America/Los_Angeles', '2026-03-08T11:00:00Z')).toBe(20); // 04:00 PDT, after the change
  });

  it('at midnight itself, the next one; to the millisecond', () => {
    expect(hours('America/Los_Angeles', '2026-06-16T07:00:00Z')).toBe(24);
    expect(untilNextMidnight('America/Los_Angeles', Date.parse('2026-06-16T06:59:59.250Z'))).toBe(750);
    expect(untilNextMidnight('UTC', Date.parse('2026-12-31T23:59:59.999Z'))).toBe(1);
  });

  it('any IANA zone: UTC, and one ahead of it', () => {
    expect(hours('UTC', '2026-06-15T19:00:00Z')).toBe(5);
    expect(hours('Europe/Paris', '2026-06-15T19:00:00Z')).toBe(3); // 21:00 CEST
  });
});
