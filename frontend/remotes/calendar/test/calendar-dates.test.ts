import { describe, expect, it } from 'vitest';
import { displayDateTime } from '@planner/contracts';
import {
  addMonths,
  clockTime,
  instantRange,
  isoDay,
  isSameSlot,
  longDay,
  monthGrid,
  monthTitle,
  movedInstant,
  parseIsoDay,
  stepAnchor,
  steppedTarget,
  today,
  visibleDays,
  weekDays,
  weekTitle,
} from '../src/calendar-dates.js';

const day = (iso: string) => parseIsoDay(iso)!;
const days = (list: number[]) => list.map(isoDay);
const HOUR = 3_600_000;

describe('month grid', () => {
  it('is 42 days from the Sunday on or before the first, Sunday first', () => {
    const grid = monthGrid(day('2026-03-17'));
    expect(grid).toHaveLength(42);
    expect(isoDay(grid[0]!)).toBe('2026-03-01'); // 1 March 2026 is a Sunday
    expect(isoDay(grid[41]!)).toBe('2026-04-11');
    const april = monthGrid(day('2026-04-30'));
    expect(isoDay(april[0]!)).toBe('2026-03-29');
    expect(new Set(april.map((d) => new Date(d).getUTCDay()).slice(0, 7))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(new Date(april[0]!).getUTCDay()).toBe(0);
  });

  it('a month that starts on a Saturday still fits (31 days over six weeks)', () => {
    const grid = monthGrid(day('2026-08-10'));
    expect(isoDay(grid[0]!)).toBe('2026-07-26');
    expect(days(grid)).toContain('2026-08-31');
  });
});

describe('weeks and navigation', () => {
  it('a week is Sunday to Saturday around the day', () => {
    expect(days(weekDays(day('2026-03-11')))).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect(days(weekDays(day('2026-03-08')))[0]).toBe('2026-03-08');
    expect(days(weekDays(day('2026-03-14')))[6]).toBe('2026-03-14');
  });

  it('previous and next move a month (keeping the day, clamped), a week or a day', () => {
    expect(isoDay(stepAnchor('month', day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(isoDay(stepAnchor('month', day('2028-01-31'), 1))).toBe('2028-02-29');
    expect(isoDay(stepAnchor('month', day('2026-01-15'), -1))).toBe('2025-12-15');
    expect(isoDay(addMonths(day('2026-03-31'), 1))).toBe('2026-04-30');
    expect(isoDay(stepAnchor('week', day('2026-03-11'), 1))).toBe('2026-03-18');
    expect(isoDay(stepAnchor('day', day('2026-03-01'), -1))).toBe('2026-02-28');
  });

  it('today is the zone’s day', () => {
    const instant = Date.parse('2026-03-11T02:30:00Z');
    expect(isoDay(today(instant, 'UTC'))).toBe('2026-03-11');
    expect(isoDay(today(instant, 'America/New_York'))).toBe('2026-03-10');
    expect(isoDay(today(instant, 'Asia/Tokyo'))).toBe('2026-03-11');
  });

  it('titles and labels', () => {
    expect(monthTitle(day('2026-03-11'))).toBe('March 2026');
    expect(weekTitle(day('2026-03-11'))).toBe('8 – 14 March 2026');
    expect(weekTitle(day('2026-04-01'))).toBe('29 March – 4 April 2026');
    expect(weekTitle(day('2026-12-29'))).toBe('27 December 2026 – 2 January 2027');
    expect(longDay(day('2026-03-10'))).toMatch(/^Tuesday,? 10 March 2026$/);
    expect(clockTime(day('2026-03-10') + 9.5 * HOUR)).toBe('09:30');
    expect(displayDateTime(day('2026-03-10') + 9.5 * HOUR)).toBe('10/Mar/2026 09:30');
    expect(parseIsoDay('2026-02-30')).toBeNull();
    expect(parseIsoDay('soon')).toBeNull();
  });
});

describe('daylight-saving weeks', () => {
  it('America/New_York: the March week is 167 hours, the November week 169; days start at local midnight', () => {
    const march = instantRange(weekDays(day('2026-03-10')), 'America/New_York');
    expect(new Date(march.start).toISOString()).toBe('2026-03-08T05:00:00.000Z'); // midnight EST
    expect(new Date(march.end).toISOString()).toBe('2026-03-15T04:00:00.000Z'); // midnight EDT
    expect((march.end - march.start) / HOUR).toBe(167);
    const november = instantRange(weekDays(day('2026-11-02')), 'America/New_York');
    expect(new Date(november.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect((november.end - november.start) / HOUR).toBe(169);
  });

  it('Europe/Berlin: the week of 29 March 2026 is 167 hours and its month grid 42 local days', () => {
    const week = instantRange(weekDays(day('2026-03-29')), 'Europe/Berlin');
    expect(new Date(week.start).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect((week.end - week.start) / HOUR).toBe(167);
    const month = instantRange(visibleDays('month', day('2026-03-29')), 'Europe/Berlin');
    expect((month.end - month.start) / HOUR).toBe(42 * 24 - 1);
  });
});

describe('drag-to-reschedule target times', () => {
  it('a day move keeps the local time of day across the spring change (New York)', () => {
    const friday = Date.parse('2026-03-06T14:30:00Z'); // 09:30 EST
    const moved = movedInstant(friday, 'America/New_York', { day: day('2026-03-09') });
    expect(moved.toISOString()).toBe('2026-03-09T13:30:00.000Z'); // 09:30 EDT
  });

  it('a day move keeps the local time across the autumn change (New York, Berlin)', () => {
    const moved = movedInstant(Date.parse('2026-10-30T13:00:00Z'), 'America/New_York', { day: day('2026-11-02') }); // 09:00 EDT → 09:00 EST
    expect(moved.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    const berlin = movedInstant(Date.parse('2026-10-23T16:15:00Z'), 'Europe/Berlin', { day: day('2026-10-26') }); // 18:15 CEST → 18:15 CET
    expect(berlin.toISOString()).toBe('2026-10-26T17:15:00.000Z');
  });

  it('an hour move takes the hour and keeps the minutes; an hour the clocks skip becomes the first minute after', () => {
    const post = Date.parse('2026-03-05T14:45:00Z'); // 09:45 EST
    expect(movedInstant(post, 'America/New_York', { day: day('2026-03-05'), hour: 16 }).toISOString()).toBe('2026-03-05T21:45:00.000Z');
    expect(movedInstant(post, 'America/New_York', { day: day('2026-03-08'), hour: 2 }).toISOString()).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    // The hour that happens twice (01:00 on 1 November): its first occurrence, EDT.
    expect(movedInstant(post, 'America/New_York', { day: day('2026-11-01'), hour: 1 }).toISOString()).toBe('2026-11-01T05:45:00.000Z');
  });

  it('knows the cell a post already is in', () => {
    const post = Date.parse('2026-03-05T14:45:00Z');
    expect(isSameSlot(post, 'America/New_York', { day: day('2026-03-05') })).toBe(true);
    expect(isSameSlot(post, 'America/New_York', { day: day('2026-03-05'), hour: 9 })).toBe(true);
    expect(isSameSlot(post, 'America/New_York', { day: day('2026-03-05'), hour: 10 })).toBe(false);
    expect(isSameSlot(post, 'UTC', { day: day('2026-03-05'), hour: 9 })).toBe(false);
  });

  it('arrow keys: a day sideways; a week (month view) or an hour (week view) up and down; kept within the days shown', () => {
    const month = visibleDays('month', day('2026-03-11'));
    expect(isoDay(steppedTarget('month', { day: day('2026-03-11') }, 'ArrowDown', month).day)).toBe('2026-03-18');
    expect(isoDay(steppedTarget('month', { day: day('2026-03-01') }, 'ArrowUp', month).day)).toBe('2026-03-01');
    expect(isoDay(steppedTarget('month', { day: day('2026-03-11') }, 'ArrowLeft', month).day)).toBe('2026-03-10');
    const week = visibleDays('week', day('2026-03-11'));
    expect(steppedTarget('week', { day: day('2026-03-11'), hour: 9 }, 'ArrowDown', week)).toEqual({ day: day('2026-03-11'), hour: 10 });
    expect(steppedTarget('week', { day: day('2026-03-11'), hour: 23 }, 'ArrowDown', week)).toEqual({ day: day('2026-03-11'), hour: 23 });
    expect(steppedTarget('week', { day: day('2026-03-14'), hour: 9 }, 'ArrowRight', week)).toEqual({ day: day('2026-03-14'), hour: 9 });
    expect(steppedTarget('day', { day: day('2026-03-11'), hour: 0 }, 'ArrowUp', [day('2026-03-11')])).toEqual({ day: day('2026-03-11'), hour: 0 });
  });
});
