import { DAYS_OF_WEEK, instantOfWallClock, wallClockAt, type DayOfWeek } from '@planner/contracts';
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
