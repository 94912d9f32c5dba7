import type { DayOfWeek } from './scheduler.js';
import { DAYS_OF_WEEK, instantOfWallClock, wallClockAt } from './zoned-time.js';

/**
 * When an auto-schedule posts (part 2 §3): once, at an instant
 * (`specific_date`), or every week on a day at a wall-clock time
 * (`day_of_week`, `time_of_day`) in the organization's time zone. Here, in
 * contracts, because the scheduler opens its slots with these functions and
 * the Auto Scheduler page shows the next ones: the page shows what will happen.
 */
export type ScheduleTiming = { kind: 'once'; at: Date } | { kind: 'weekly'; dayOfWeek: DayOfWeek; timeOfDay: string };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

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
