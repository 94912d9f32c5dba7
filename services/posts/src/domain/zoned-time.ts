/**
 * A wall-clock time `YYYY-MM-DDTHH:mm[:ss]` in an IANA time zone → the instant.
 * The offset is the zone's at that instant; a time skipped by a DST change
 * moves forward by the gap, one that occurs twice is its first occurrence.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const match = local.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0') as string[];
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23) return null;
  // The zone's offset at a guess, then at the corrected instant (twice covers a DST edge).
  let instant = asUtc - offsetMs(asUtc, timeZone);
  instant = asUtc - offsetMs(instant, timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The spec's scheduled_time: ISO 8601 with an offset, or the time picker's `YYYY-MM-DDTHH:mm` read in the organization's zone; null when neither. */
export function scheduledInstant(value: string, timeZone: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return zonedTimeToInstant(value, timeZone);
}
