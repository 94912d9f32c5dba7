const DAY_MS = 86_400_000;
/** Past midnight by this much, so a clock a little ahead of the platform's does not ask while the old day's limit still holds (and wait a whole day more). */
export const AFTER_MIDNIGHT_MS = 60_000;

/**
 * Milliseconds from `now` until just after the next midnight UTC, when daily
 * limits that reset at midnight UTC (LinkedIn's application and member
 * limits) allow calls again. At midnight exactly, that is the next day's.
 */
export function untilAfterNextUtcMidnight(now: number): number {
  const nextMidnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  return nextMidnight + AFTER_MIDNIGHT_MS - now;
}
