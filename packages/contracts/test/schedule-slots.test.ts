import { describe, expect, it } from 'vitest';
import { nextSlot, nextSlots, type ScheduleTiming } from '../src/index.js';

const weekly = (dayOfWeek: 'sunday' | 'monday', timeOfDay: string): ScheduleTiming => ({ kind: 'weekly', dayOfWeek, timeOfDay });
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const at = (value: string) => new Date(value);

// The changes these tests cross (UTC instants):
//   Europe/London     2026-03-29 01:00 (GMT→BST), 2026-10-25 01:00 (BST→GMT), 2027-03-28 01:00, 2027-10-31 01:00
//   America/New_York  2026-03-08 07:00 (EST→EDT), 2026-11-01 06:00 (EDT→EST), 2027-03-14 07:00, 2027-11-07 06:00

describe('a weekly slot keeps its local time across daylight-saving changes', () => {
  it('Europe/London, Monday 09:00: 09:00 GMT before each change and 09:00 BST after, in 2026 and 2027', () => {
    const mondays = weekly('monday', '09:00');
    expect(iso(nextSlots(mondays, 'Europe/London', at('2026-03-20T12:00:00Z'), 3))).toEqual(['2026-03-23T09:00:00.000Z', '2026-03-30T08:00:00.000Z', '2026-04-06T08:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'Europe/London', at('2026-10-15T00:00:00Z'), 2))).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'Europe/London', at('2027-03-22T08:59:00Z'), 2))).toEqual(['2027-03-22T09:00:00.000Z', '2027-03-29T08:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'Europe/London', at('2027-10-25T08:00:00Z'), 2))).toEqual(['2027-11-01T09:00:00.000Z', '2027-11-08T09:00:00.000Z']);
  });

  it('America/New_York, Monday 09:00: 14:00 UTC in winter, 13:00 UTC in summer, in 2026 and 2027', () => {
    const mondays = weekly('monday', '09:00');
    expect(iso(nextSlots(mondays, 'America/New_York', at('2026-03-01T00:00:00Z'), 2))).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'America/New_York', at('2026-10-26T13:00:00Z'), 2))).toEqual(['2026-11-02T14:00:00.000Z', '2026-11-09T14:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'America/New_York', at('2027-03-08T15:00:00Z'), 1))).toEqual(['2027-03-15T13:00:00.000Z']);
    expect(iso(nextSlots(mondays, 'America/New_York', at('2027-11-01T13:00:00Z'), 2))).toEqual(['2027-11-08T14:00:00.000Z', '2027-11-15T14:00:00.000Z']);
  });

  it('is strictly after the given instant, and on the right local day where that is another UTC day', () => {
    const mondays = weekly('monday', '09:00');
    expect(nextSlot(mondays, 'Europe/London', at('2026-03-30T08:00:00Z'))).toEqual(at('2026-04-06T08:00:00Z'));
    // Sunday 23:30 in New York is Monday 04:30 UTC: the slot is that Monday's 09:00 local, not one a week later.
    expect(nextSlot(mondays, 'America/New_York', at('2026-06-01T03:30:00Z'))).toEqual(at('2026-06-01T13:00:00Z'));
    // Monday 00:30 in Tokyo is Sunday 15:30 UTC: the slot is that Monday 09:00 JST.
    expect(nextSlot(mondays, 'Asia/Tokyo', at('2026-05-31T15:30:00Z'))).toEqual(at('2026-06-01T00:00:00Z'));
    expect(nextSlot(weekly('sunday', '23:59'), 'UTC', at('2026-06-07T23:58:59Z'))).toEqual(at('2026-06-07T23:59:00Z'));
  });
});

describe('a time the clocks skip is the first minute after the jump', () => {
  it('America/New_York, Sunday 02:30 on the spring-forward days is 03:00 EDT; the week after, 02:30 EDT', () => {
    const sundays = weekly('sunday', '02:30');
    expect(iso(nextSlots(sundays, 'America/New_York', at('2026-03-07T00:00:00Z'), 2))).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-15T06:30:00.000Z']);
    expect(iso(nextSlots(sundays, 'America/New_York', at('2027-03-13T00:00:00Z'), 2))).toEqual(['2027-03-14T07:00:00.000Z', '2027-03-21T06:30:00.000Z']);
    expect(nextSlot(weekly('sunday', '02:00'), 'America/New_York', at('2026-03-07T00:00:00Z'))).toEqual(at('2026-03-08T07:00:00Z'));
    expect(nextSlot(weekly('sunday', '02:59'), 'America/New_York', at('2027-03-13T00:00:00Z'))).toEqual(at('2027-03-14T07:00:00Z'));
    expect(nextSlot(weekly('sunday', '03:00'), 'America/New_York', at('2026-03-07T00:00:00Z'))).toEqual(at('2026-03-08T07:00:00Z'));
  });

  it('Europe/London, Sunday 01:30 on the spring-forward days is 02:00 BST', () => {
    const sundays = weekly('sunday', '01:30');
    expect(iso(nextSlots(sundays, 'Europe/London', at('2026-03-28T00:00:00Z'), 2))).toEqual(['2026-03-29T01:00:00.000Z', '2026-04-05T00:30:00.000Z']);
    expect(nextSlot(sundays, 'Europe/London', at('2027-03-27T00:00:00Z'))).toEqual(at('2027-03-28T01:00:00Z'));
  });
});

describe('a time that happens twice is one slot, the first', () => {
  it('America/New_York, Sunday 01:30 on the fall-back days: 01:30 EDT only, then a week later 01:30 EST', () => {
    const sundays = weekly('sunday', '01:30');
    expect(iso(nextSlots(sundays, 'America/New_York', at('2026-10-31T00:00:00Z'), 2))).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z']);
    // Just after the first 01:30, the second 01:30 (06:30 UTC) is no slot.
    expect(nextSlot(sundays, 'America/New_York', at('2026-11-01T05:30:00Z'))).toEqual(at('2026-11-08T06:30:00Z'));
    expect(nextSlot(sundays, 'America/New_York', at('2027-11-07T05:30:00Z'))).toEqual(at('2027-11-14T06:30:00Z'));
  });

  it('Europe/London, Sunday 01:30 on the fall-back days: 01:30 BST only', () => {
    const sundays = weekly('sunday', '01:30');
    expect(iso(nextSlots(sundays, 'Europe/London', at('2026-10-24T00:00:00Z'), 2))).toEqual(['2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z']);
    expect(nextSlot(sundays, 'Europe/London', at('2027-10-31T00:30:00Z'))).toEqual(at('2027-11-07T01:30:00Z'));
  });
});

describe('a one-off schedule', () => {
  it('has its instant as its only slot, and none once it has passed', () => {
    const once: ScheduleTiming = { kind: 'once', at: at('2026-12-24T18:00:00Z') };
    expect(nextSlots(once, 'Europe/London', at('2026-12-01T00:00:00Z'), 3)).toEqual([at('2026-12-24T18:00:00Z')]);
    expect(nextSlot(once, 'Europe/London', at('2026-12-24T18:00:00Z'))).toBeNull();
    expect(nextSlots(once, 'Europe/London', at('2026-12-01T00:00:00Z'), 0)).toEqual([]);
  });
});
