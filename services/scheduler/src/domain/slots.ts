import type { ScheduleTiming } from '@planner/contracts';
import type { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** A saved schedule's timing (the slot functions are contracts' `nextSlots`, which the Auto Scheduler page uses too). */
export function timingOf(schedule: Pick<AutoSchedule, 'specificDate' | 'dayOfWeek' | 'timeOfDay'>): ScheduleTiming {
  if (schedule.specificDate) return { kind: 'once', at: schedule.specificDate };
  // The table holds one or the other (auto_schedules_when).
  return { kind: 'weekly', dayOfWeek: schedule.dayOfWeek!, timeOfDay: schedule.timeOfDay! };
}

const MINUTE_MS = 60_000;

/** How many minutes before its slot a schedule's post is made: the schedule's own review time, else the organization's default. */
export function reviewLeadMinutes(schedule: Pick<AutoSchedule, 'specificBeforePostReviewTime'>, organizationDefault: number): number {
  return schedule.specificBeforePostReviewTime ?? organizationDefault;
}

/** The instant a slot's post is made: its lead in minutes of elapsed time before the slot. */
export function postCreationInstant(slot: Date, leadMinutes: number): Date {
  return new Date(slot.getTime() - leadMinutes * MINUTE_MS);
}
