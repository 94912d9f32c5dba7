const DAY_MS = 86_400_000;
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at the instant `at`, written as if that wall clock were UTC. */
function wallClock(timeZone: string, at: number): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    clocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
  // Offsets are whole seconds: the milliseconds are the instant's own.
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) + (at % 1000);
}

/**
 * Milliseconds from `now` to the next midnight in `timeZone` (an IANA name:
 * 'America/Los_Angeles', where YouTube's daily quota resets). A day of 23 or
 * 25 hours (a daylight-saving change) counts as long as it is: the zone's
 * offset is taken at that midnight, not now.
 */
export function untilNextMidnight(timeZone: string, now: number): number {
  const nextMidnight = Math.floor(wallClock(timeZone, now) / DAY_MS) * DAY_MS + DAY_MS;
  const guess = nextMidnight - (wallClock(timeZone, now) - now);
  return nextMidnight - (wallClock(timeZone, guess) - guess) - now;
}
