import { describe, expect, it } from 'vitest';
import { COMMON_TIMEZONES } from '@planner/contracts';
import { canonicalTimezone, TIMEZONE_OPTIONS } from '../src/domain/timezones.js';

const offered = new Set(TIMEZONE_OPTIONS.map((option) => option.value));

describe('an organization’s time zone', () => {
  it('takes every common zone and the runtime’s IANA names as they are', () => {
    for (const { value } of COMMON_TIMEZONES) expect(canonicalTimezone(value)).toBe(value);
    for (const zone of ['Europe/Berlin', 'America/Indiana/Knox', 'Pacific/Chatham']) expect(canonicalTimezone(zone)).toBe(zone);
  });

  it('stores an alias or another spelling under the name the list offers', () => {
    expect(canonicalTimezone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimezone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimezone('US/Eastern')).toBe('America/New_York');
    expect(offered.has(canonicalTimezone('America/Argentina/Buenos_Aires')!)).toBe(true);
    // The current IANA name, whichever of it and its old name (Asia/Calcutta) the runtime’s ICU lists.
    const india = canonicalTimezone('Asia/Kolkata');
    expect(india).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(offered.has(india!)).toBe(true);
  });

  it('refuses what is not a zone name: unknown, empty, an offset, a NUL', () => {
    for (const name of ['Mars/Olympus_Mons', '', ' ', 'New York', '+01:00', 'UTC+1', 'Europe/Paris\u0000', 'x'.repeat(10_000)]) {
      expect(canonicalTimezone(name), JSON.stringify(name.slice(0, 20))).toBeUndefined();
    }
  });

  it('offers the spec’s 9 common zones first with their labels, then every other once', () => {
    expect(TIMEZONE_OPTIONS.slice(0, 9)).toEqual(COMMON_TIMEZONES.map((zone) => ({ ...zone, common: true })));
    const rest = TIMEZONE_OPTIONS.slice(9);
    expect(rest.every((option) => !option.common)).toBe(true);
    expect(offered.size).toBe(TIMEZONE_OPTIONS.length);
    expect(rest.length).toBeGreaterThan(300);
    expect(rest).toContainEqual({ value: 'America/Port_of_Spain', label: 'America/Port of Spain', common: false });
    // Everything offered is accepted as it is.
    for (const { value } of TIMEZONE_OPTIONS) expect(canonicalTimezone(value)).toBe(value);
  });
});
