import { nextSlots, type AutoScheduleView, type ScheduleTiming } from '@planner/contracts';
import { formatDateTime } from '@planner/ui/dates';
import { DAY_LABELS } from './schedule-rules.js';

/** How many of a recurring schedule's next slots the list shows. */
export const UPCOMING_SLOTS = 3;

/** A schedule's timing as the scheduler reads it (one-off at its date, else weekly); null for a row with neither. */
export function timingOfView(schedule: Pick<AutoScheduleView, 'specific_date' | 'day_of_week' | 'time_of_day'>): ScheduleTiming | null {
  if (schedule.specific_date) return { kind: 'once', at: new Date(schedule.specific_date) };
  if (schedule.day_of_week && schedule.time_of_day) return { kind: 'weekly', dayOfWeek: schedule.day_of_week, timeOfDay: schedule.time_of_day };
  return null;
}

/**
 * The schedule's next slots after `now`, in the organization's zone: the
 * scheduler's own `nextSlots` (contracts), so what the list shows is when its
 * posts come. A one-off that has passed has none.
 */
export function upcomingSlots(schedule: AutoScheduleView, timeZone: string, now: Date, count = UPCOMING_SLOTS): Date[] {
  const timing = timingOfView(schedule);
  return timing ? nextSlots(timing, timeZone, now, count) : [];
}

/** 'Every Monday at 09:00' or 'Once, on 24/Dec/2026 18:00', in the organization's zone. */
export function timingText(schedule: AutoScheduleView, timeZone: string): string {
  const timing = timingOfView(schedule);
  if (!timing) return 'No time set';
  if (timing.kind === 'once') return `Once, on ${formatDateTime(timing.at, timeZone)}`;
  return `Every ${DAY_LABELS[timing.dayOfWeek]} at ${timing.timeOfDay}`;
}
