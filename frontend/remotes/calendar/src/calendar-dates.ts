import { instantOfWallClock, wallClockAt } from '@planner/contracts';

/**
 * The calendar's date maths, in the organization's time zone (part 2 §2
 * Calendar). A day or a time is a wall-clock time written as the UTC instant
 * that reads the same (contracts' `wallClockAt`): days then add and compare
 * like numbers whatever the zone's daylight saving does, and the zone is
 * consulted only to go between wall times and instants.
 */
export type Wall = number;

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;
/** Part 2 §2: the week view's 24 hourly rows, 00:00 to 23:00. */
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

export type CalendarView = 'month' | 'week' | 'day';

/** Midnight of the day a wall time falls on. */
export function dayOf(wall: Wall): Wall {
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

export function addDays(day: Wall, days: number): Wall {
  return day + days * DAY_MS;
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: Wall): number {
  return new Date(day).getUTCDay();
}

/** The hour of the day (0–23) of a wall time. */
export function hourOf(wall: Wall): number {
  return Math.floor((wall - dayOf(wall)) / HOUR_MS);
}

/** The same day of the month `months` later or earlier, the last day where that month is shorter (31 January + 1 → 28 or 29 February). */
export function addMonths(day: Wall, months: number): Wall {
  const date = new Date(day);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const length = new Date(Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 0)).getUTCDate();
  return first + (Math.min(date.getUTCDate(), length) - 1) * DAY_MS;
}

/** The Sunday that starts the week of `day` (part 2 §2: weeks start on Sunday). */
export function weekStart(day: Wall): Wall {
  const midnight = dayOf(day);
  return addDays(midnight, -weekdayOf(midnight));
}

/** The week of `day`, Sunday to Saturday. */
export function weekDays(day: Wall): Wall[] {
  const start = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Part 2 §2: the month grid's 42 days, six weeks from the Sunday on or before the month's first day. */
export function monthGrid(day: Wall): Wall[] {
  const date = new Date(day);
  const start = weekStart(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** Whether two days are in the same month. */
export function sameMonth(a: Wall, b: Wall): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getUTCFullYear() === y.getUTCFullYear() && x.getUTCMonth() === y.getUTCMonth();
}

/** The days a view shows around `anchor`. */
export function visibleDays(view: CalendarView, anchor: Wall): Wall[] {
  if (view === 'month') return monthGrid(anchor);
  if (view === 'week') return weekDays(anchor);
  return [dayOf(anchor)];
}

/**
 * The instants the days cover in the zone, [start, end): from the first day's
 * midnight to the midnight after the last. A week with a daylight-saving
 * change is 167 or 169 hours long.
 */
export function instantRange(days: readonly Wall[], timeZone: string): { start: number; end: number } {
  return {
    start: instantOfWallClock(days[0]!, timeZone).getTime(),
    end: instantOfWallClock(addDays(days[days.length - 1]!, 1), timeZone).getTime(),
  };
}

/** Previous (-1) or next (1): a month, a week or a day. */
export function stepAnchor(view: CalendarView, anchor: Wall, step: -1 | 1): Wall {
  if (view === 'month') return addMonths(anchor, step);
  return addDays(anchor, step * (view === 'week' ? 7 : 1));
}

/** Today in the zone. */
export function today(now: number, timeZone: string): Wall {
  return dayOf(wallClockAt(now, timeZone));
}

/** Where something is dropped: a day (the month view: the time of day is kept) or an hour of a day (week and day views). */
export interface MoveTarget {
  day: Wall;
  hour?: number;
}

/**
 * The instant a post moved to `target` is scheduled at, in the zone: on a day
 * move it keeps its time of day (09:30 stays 09:30 local, across a
 * daylight-saving change); on an hour move it takes that hour and keeps its
 * minutes. A time the clocks skip becomes the first minute after the jump.
 */
export function movedInstant(current: number, timeZone: string, target: MoveTarget): Date {
  const wall = wallClockAt(current, timeZone);
  const timeOfDay = wall - dayOf(wall);
  const moved = target.hour === undefined ? target.day + timeOfDay : target.day + target.hour * HOUR_MS + (timeOfDay % HOUR_MS);
  return instantOfWallClock(moved, timeZone);
}

/** Whether a move target is the cell the post already is in (nothing to change). */
export function isSameSlot(current: number, timeZone: string, target: MoveTarget): boolean {
  const wall = wallClockAt(current, timeZone);
  return dayOf(wall) === target.day && (target.hour === undefined || hourOf(wall) === target.hour);
}

/**
 * A keyboard move's next target (arrow keys): left and right a day; up and
 * down a week in the month view, an hour in the week and day views. It stays
 * among the days shown (and within the day's hours).
 */
export function steppedTarget(view: CalendarView, target: MoveTarget, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', days: readonly Wall[]): MoveTarget {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const clampDay = (day: Wall) => Math.min(last, Math.max(first, day));
  const horizontal = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  const vertical = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
  if (view === 'month') return { day: clampDay(addDays(target.day, horizontal + 7 * vertical)) };
  const hour = Math.min(23, Math.max(0, (target.hour ?? 0) + vertical));
  return { day: clampDay(addDays(target.day, horizontal)), hour };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall times are UTC-encoded, so they are formatted in UTC; one formatter per pattern. */
function format(wall: Wall, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(wall));
}

/** 'March 2026' */
export const monthTitle = (day: Wall) => format(day, { month: 'long', year: 'numeric' });
/** 'Tuesday 10 March 2026' */
export const longDay = (day: Wall) => format(day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
/** 'Tue 10' */
export const shortDay = (day: Wall) => format(day, { weekday: 'short', day: 'numeric' });
/** '10' */
export const dayNumber = (day: Wall) => String(new Date(day).getUTCDate());
/** '09:30' */
export const clockTime = (wall: Wall) => format(wall, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** '8 – 14 March 2026', across months '29 March – 4 April 2026'. */
export function weekTitle(day: Wall): string {
  const days = weekDays(day);
  const first = days[0]!;
  const last = days[6]!;
  const start = sameMonth(first, last) ? dayNumber(first) : format(first, { day: 'numeric', month: 'long', ...(new Date(first).getUTCFullYear() !== new Date(last).getUTCFullYear() && { year: 'numeric' }) });
  return `${start} – ${format(last, { day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/** A day as a URL or a test names it, 'YYYY-MM-DD'; and back (null when it is none). */
export const isoDay = (day: Wall) => new Date(day).toISOString().slice(0, 10);
export function parseIsoDay(value: string | null): Wall | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(day) || isoDay(day) !== value ? null : day;
}
