import { DAYS_OF_WEEK, type DayOfWeek } from '@planner/contracts';
import type { AutoSchedule } from '../entities/auto-schedule.entity.js';

/**
 * When a schedule posts (part 2 §3): once, at an instant (`specific_date`), or
 * every week on a day at a wall-clock time (`day_of_week`, `time_of_day`) in
 * the organization's time zone.
 */
export type ScheduleTiming = { kind: 'once'; at: Date } | { kind: 'weekly'; dayOfWeek: DayOfWeek; timeOfDay: string };

export function timingOf(schedule: Pick<AutoSchedule, 'specificDate' | 'dayOfWeek' | 'timeOfDay'>): ScheduleTiming {
  if (schedule.specificDate) return { kind: 'once', at: schedule.specificDate };
  // The table holds one or the other (auto_schedules_when).
  return { kind: 'weekly', dayOfWeek: schedule.dayOfWeek!, timeOfDay: schedule.timeOfDay! };
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs far more than using it. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The zone's wall clock at an instant, written as the UTC instant that reads
 * the same (`Date.UTC(year, month, day, hour, minute, second)`): wall times
 * then compare and add like numbers.
 */
function wallClockAt(instant: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/**
 * The instant a wall-clock time (as `wallClockAt` writes it) happens in the
 * zone. A time the clocks skip (02:30 on New York's spring-forward day) is the
 * first minute after the jump (03:00); a time that happens twice (01:30 when
 * the clocks go back) is its first occurrence.
 */
export function instantOfWallClock(wall: number, timeZone: string): Date {
  // A zone changes its offset at most once in two days: the offsets a day either side are the only candidates.
  const offsetBefore = wallClockAt(wall - DAY_MS, timeZone) - (wall - DAY_MS);
  const offsetAfter = wallClockAt(wall + DAY_MS, timeZone) - (wall + DAY_MS);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((instant) => wallClockAt(instant, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // Skipped: the jump lies between these instants; find the first minute whose wall clock is past the time.
  let before = wall - offsetAfter;
  let after = wall - offsetBefore;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockAt(middle, timeZone) >= wall) after = middle;
    else before = middle;
  }
  return new Date(after);
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A one-off schedule's `specific_date` as sent: ISO 8601 with its offset, or
 * the time picker's `YYYY-MM-DDTHH:mm` in the organization's zone (read as
 * slots are, `instantOfWallClock`). Null when it is neither, or no such day.
 */
export function specificDateInstant(value: string, timeZone: string): Date | null {
  if (WITH_OFFSET.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = LOCAL_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1) as string[];
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23) return null;
  return instantOfWallClock(wall, timeZone);
}

/**
 * The schedule's next `count` slots strictly after `after`, earliest first:
 * a one-off schedule has its one instant (none once it has passed); a weekly
 * one is at its time of day, local to the zone, on each of its weekdays —
 * 09:00 local on either side of a daylight-saving change, once on a day its
 * time happens twice, at the first minute after the jump on a day its time
 * is skipped.
 */
export function nextSlots(timing: ScheduleTiming, timeZone: string, after: Date, count = 1): Date[] {
  if (timing.kind === 'once') return timing.at > after && count > 0 ? [timing.at] : [];
  const [hours, minutes] = timing.timeOfDay.split(':').map(Number) as [number, number];
  const weekday = DAYS_OF_WEEK.indexOf(timing.dayOfWeek);
  const today = wallClockAt(after.getTime(), timeZone);
  // Midnight of the day `after` falls on, locally; then onward to the first of its weekday.
  const midnight = today - (today % DAY_MS);
  const daysAhead = (weekday - new Date(midnight).getUTCDay() + 7) % 7;
  let day = midnight + daysAhead * DAY_MS;
  const slots: Date[] = [];
  while (slots.length < count) {
    const slot = instantOfWallClock(day + (hours * 60 + minutes) * MINUTE_MS, timeZone);
    if (slot > after) slots.push(slot);
    day += 7 * DAY_MS;
  }
  return slots;
}

/** The schedule's next slot after `after`, or null when it has none left (a one-off that has passed). */
export function nextSlot(timing: ScheduleTiming, timeZone: string, after: Date): Date | null {
  return nextSlots(timing, timeZone, after, 1)[0] ?? null;
}

/** How many minutes before its slot a schedule's post is made: the schedule's own review time, else the organization's default. */
export function reviewLeadMinutes(schedule: Pick<AutoSchedule, 'specificBeforePostReviewTime'>, organizationDefault: number): number {
  return schedule.specificBeforePostReviewTime ?? organizationDefault;
}

/** The instant a slot's post is made: its lead in minutes of elapsed time before the slot. */
export function postCreationInstant(slot: Date, leadMinutes: number): Date {
  return new Date(slot.getTime() - leadMinutes * MINUTE_MS);
}
