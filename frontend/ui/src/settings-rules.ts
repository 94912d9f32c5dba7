import { LIMITS, OrganizationMessages } from '@planner/contracts';

/**
 * Part 2 §5's rules of the settings several forms take alike (the organization's
 * review time, an auto-schedule's), in the spec's words, and how the forms show
 * them. The character counts' rules are contracts' (character-count-fields.ts).
 */

/** Part 2 §5: review time in days, hours and minutes ("1 day 2 hours 5 minutes"). */
export function humanDuration(minutes: number): string {
  const parts: [number, string][] = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor((minutes % 1440) / 60), 'hour'],
    [minutes % 60, 'minute'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return shown.length ? shown.join(' ') : '0 minutes';
}

/** Part 2 §5: a positive number of minutes, at most 43200. */
export function reviewTimeError(value: string): string | null {
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n <= 0) return OrganizationMessages.reviewTimePositive;
  if (n > LIMITS.maxReviewTimeMinutes) return OrganizationMessages.reviewTimeTooLong;
  return null;
}
