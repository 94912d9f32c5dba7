import { instantOfWallClock, PostMessages, scheduledInstant, wallClockAt } from '@planner/contracts';

/**
 * The time picker's maths (part 2 §5: shown DD/Mon/YYYY HH:mm, valued
 * YYYY-MM-DDTHH:mm), in the organization's IANA time zone, which the posts
 * service reads the value in.
 */

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A picker value's parts; month 1–12. */
export interface PickerParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function partsOf(value: string): PickerParts | null {
  const match = VALUE.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/** The value of the parts, the day brought within the month (31 Jan → Feb: 28 or 29). */
export function valueOf(parts: PickerParts): string {
  const day = Math.min(parts.day, daysInMonth(parts.year, parts.month));
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** DD/Mon/YYYY HH:mm, as part 2 §9 displays dates. */
export function displayOf(value: string): string {
  const parts = partsOf(value);
  if (!parts) return '';
  return `${pad(parts.day)}/${MONTHS[parts.month - 1]}/${pad(parts.year, 4)} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** The picker value of an instant in the zone (a scheduled post's time, for editing it). */
export function valueAt(instant: Date, timeZone: string): string {
  const wall = new Date(wallClockAt(instant.getTime(), timeZone));
  return valueOf({ year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() });
}

/** The picker's first value: an hour from now in the zone, on the next quarter hour. */
export function defaultValue(now: Date, timeZone: string): string {
  const quarter = 15 * 60_000;
  return valueAt(new Date(Math.ceil((now.getTime() + 60 * 60_000) / quarter) * quarter), timeZone);
}

/** Why the value cannot be scheduled (in the posts service's words), or null: it must name a time to come. */
export function scheduleProblem(value: string, timeZone: string, now: Date): string | null {
  if (!value) return PostMessages.scheduledTimeRequired;
  const instant = partsOf(value) ? scheduledInstant(value, timeZone) : null;
  if (!instant) return PostMessages.scheduledTimeInvalid;
  return instant.getTime() <= now.getTime() ? PostMessages.scheduledTimeInPast : null;
}

/**
 * When a wall time the clocks skip (02:30 on New York's spring-forward
 * Sunday) is published: the first minute after the jump, as the posts service
 * reads it (zoned-time.ts). Null for every time that exists.
 */
export function skippedTimeNote(value: string, timeZone: string): string | null {
  const parts = partsOf(value);
  if (!parts) return null;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const instant = instantOfWallClock(wall, timeZone);
  const actual = valueAt(instant, timeZone);
  if (actual === value) return null;
  return `${displayOf(value)} does not exist in ${timeZone} (the clocks go forward): the post is published at ${displayOf(actual)}.`;
}
