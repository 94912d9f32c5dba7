import { describe, expect, it } from 'vitest';
import { timingOfView, timingText, upcomingSlots } from '../src/schedule-view.js';
import { schedule } from './support.js';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('a schedule’s next slots, in the account’s time zone (the scheduler’s nextSlots)', () => {
  it('Monday 09:00 in New York: 14:00 UTC in winter, 13:00 UTC once the clocks go forward', () => {
    const mondays = schedule('s1', { day_of_week: 'monday', time_of_day: '09:00' });
    expect(iso(upcomingSlots(mondays, 'America/New_York', new Date('2026-03-01T00:00:00Z')))).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
    ]);
  });

  it('Monday 09:00 in Tokyo is that Monday even when it is still Sunday in UTC', () => {
    const mondays = schedule('s1', { day_of_week: 'monday', time_of_day: '09:00' });
    expect(iso(upcomingSlots(mondays, 'Asia/Tokyo', new Date('2026-05-31T15:30:00Z'), 1))).toEqual(['2026-06-01T00:00:00.000Z']);
  });

  it('a one-off has its date until it passes, then none', () => {
    const once = schedule('s1', { specific_date: '2026-12-24T18:00:00.000Z', day_of_week: null, time_of_day: null });
    expect(iso(upcomingSlots(once, 'UTC', new Date('2026-12-01T00:00:00Z')))).toEqual(['2026-12-24T18:00:00.000Z']);
    expect(upcomingSlots(once, 'UTC', new Date('2026-12-24T18:00:00Z'))).toEqual([]);
  });

  it('reads the timing as the scheduler does, and words it', () => {
    expect(timingOfView({ specific_date: null, day_of_week: null, time_of_day: null })).toBeNull();
    expect(timingText(schedule('s1', { day_of_week: 'friday', time_of_day: '17:30' }), 'UTC')).toBe('Every Friday at 17:30');
    expect(timingText(schedule('s1', { specific_date: '2026-12-24T18:00:00.000Z', day_of_week: null, time_of_day: null }), 'Asia/Tokyo')).toBe('Once, on 25/Dec/2026 03:00');
  });
});
