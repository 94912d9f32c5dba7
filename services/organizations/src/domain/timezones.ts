import { COMMON_TIMEZONES, DEFAULT_TIMEZONE, type TimezoneOption } from '@planner/contracts';

/** The IANA zones this runtime knows (its ICU data), with UTC, which the list leaves out. */
const KNOWN = new Set([DEFAULT_TIMEZONE, ...Intl.supportedValuesOf('timeZone')]);

/**
 * The zone as stored: the runtime's own spelling of a known IANA name, or
 * undefined when it is not one. An alias or another case is accepted under
 * the name the runtime lists (Asia/Kolkata → Asia/Calcutta on Node 20's ICU,
 * america/new_york → America/New_York, Etc/UTC → UTC), so what is stored is
 * always a value `GET /organizations/timezones` offers; anything that is not
 * a zone name (an offset such as +01:00 included) is refused.
 */
export function canonicalTimezone(name: string): string | undefined {
  if (KNOWN.has(name)) return name;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return KNOWN.has(resolved) ? resolved : undefined;
}

const COMMON = new Set<string>(COMMON_TIMEZONES.map((zone) => zone.value));

/** Every zone the settings offer: the spec's 9 common ones first, then every other IANA zone in the runtime's (alphabetical) order. */
export const TIMEZONE_OPTIONS: TimezoneOption[] = [
  ...COMMON_TIMEZONES.map((zone) => ({ ...zone, common: true })),
  ...[...KNOWN].filter((zone) => !COMMON.has(zone)).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' '), common: false })),
];
