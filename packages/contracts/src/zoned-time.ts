/**
 * Wall-clock times in an IANA time zone, with `Intl.DateTimeFormat`: what an
 * organization's local times (a post's scheduled_time, a schedule's date or
 * weekly slot) are as instants, the same way everywhere, across
 * daylight-saving changes.
 */

/** The days of the week as `Date.getUTCDay()` numbers them, Sunday first (an auto-schedule's weekday). */
export const DAYS_OF_WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

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
export function wallClockAt(instant: number, timeZone: string): number {
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
 * A scheduled time as the API takes it (a post's scheduled_time, an
 * auto-schedule's specific_date): ISO 8601 with its offset, as given; or the
 * time picker's `YYYY-MM-DDTHH:mm[:ss]` in the zone (`instantOfWallClock`).
 * Null when it is neither, or names no such day.
 */
export function scheduledInstant(value: string, timeZone: string): Date | null {
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

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Part 2 §9: a date as the product shows it, dd/Mon/yyyy hh:mm ('10/Mar/2026 09:30'), of a wall-clock time as `wallClockAt` writes it. */
export function displayDateTime(wall: number): string {
  const date = new Date(wall);
  return `${twoDigits(date.getUTCDate())}/${MONTH_ABBREVIATIONS[date.getUTCMonth()]}/${date.getUTCFullYear()} ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}
