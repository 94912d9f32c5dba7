import { displayDateTime, wallClockAt } from '@planner/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MINUTE_MS = 60_000;

/**
 * Part 2 §9: a date as the app shows dates, dd/Mon/yyyy hh:mm (24-hour): in the
 * IANA `timeZone` when given (an organization's posts and schedules), else in
 * the browser's.
 */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  const date = new Date(instant);
  // The wall clock, written as the UTC instant that reads the same.
  return displayDateTime(timeZone ? wallClockAt(date.getTime(), timeZone) : date.getTime() - date.getTimezoneOffset() * MINUTE_MS);
}

/** A calendar day ('YYYY-MM-DD', as the statistics give days) as a chart labels it: dd/Mon. */
export function formatDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${MONTHS[Number(month) - 1]}`;
}
