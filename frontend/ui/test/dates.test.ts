import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../src/dates.js';

describe('dates as the app shows them (part 2 §9: dd/Mon/yyyy hh:mm)', () => {
  it('in the browser’s time zone without one', () => {
    expect(formatDateTime(new Date(2026, 11, 1, 9, 5).toISOString())).toBe('01/Dec/2026 09:05');
    expect(formatDateTime(new Date(2027, 0, 31, 23, 59))).toBe('31/Jan/2027 23:59');
  });

  it('in an organization’s time zone, on its own day, in winter and summer', () => {
    expect(formatDateTime('2026-12-24T18:00:00Z', 'UTC')).toBe('24/Dec/2026 18:00');
    expect(formatDateTime('2026-12-24T18:00:00Z', 'Asia/Tokyo')).toBe('25/Dec/2026 03:00');
    expect(formatDateTime('2026-07-01T14:00:00Z', 'America/New_York')).toBe('01/Jul/2026 10:00');
    expect(formatDateTime('2026-01-01T15:00:00Z', 'America/New_York')).toBe('01/Jan/2026 10:00');
  });

  it('a chart’s day reads dd/Mon', () => {
    expect(formatDay('2026-03-02')).toBe('02/Mar');
    expect(formatDay('2026-12-31')).toBe('31/Dec');
  });
});
