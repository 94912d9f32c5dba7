import { describe, expect, it } from 'vitest';
import { schedulePostSettingsSchema, type ScheduleTiming } from '@planner/contracts';
import { NEW_SCHEDULE } from '../src/domain/auto-schedule-rules.js';
import { dueSlots, postSettingsOf, slotMoves, slotsHeldBack } from '../src/domain/slot-opening.js';
import { AutoSchedule } from '../src/entities/auto-schedule.entity.js';

const at = (value: string) => new Date(value);
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const mondays: ScheduleTiming = { kind: 'weekly', dayOfWeek: 'monday', timeOfDay: '09:00' };
const due = (timing: ScheduleTiming, lead: number, now: string, since: string, zone = 'Europe/London') => {
  const { open, missed } = dueSlots(timing, zone, lead, at(now), at(since));
  return { open: iso(open), missed: iso(missed) };
};

describe('which slots are due', () => {
  it('opens a weekly slot once its review time before it has come, not a minute sooner', () => {
    // Monday 2026-06-01 09:00 BST is 08:00 UTC; an hour's review time makes its post at 07:00 UTC.
    // The previous Monday's slot was dealt with.
    expect(due(mondays, 60, '2026-06-01T06:59:00Z', '2026-05-25T08:00:00Z')).toEqual({ open: [], missed: [] });
    expect(due(mondays, 60, '2026-06-01T07:00:00Z', '2026-05-25T08:00:00Z')).toEqual({ open: ['2026-06-01T08:00:00.000Z'], missed: [] });
    // In London's winter the same slot is 09:00 UTC.
    expect(due(mondays, 60, '2026-11-02T08:00:00Z', '2026-10-26T09:00:00Z')).toEqual({ open: ['2026-11-02T09:00:00.000Z'], missed: [] });
  });

  it('opens nothing again after the latest slot dealt with, until the next one is due', () => {
    expect(due(mondays, 60, '2026-06-01T07:30:00Z', '2026-06-01T08:00:00Z')).toEqual({ open: [], missed: [] });
    expect(due(mondays, 60, '2026-06-03T12:00:00Z', '2026-06-01T08:00:00Z')).toEqual({ open: [], missed: [] });
    expect(due(mondays, 60, '2026-06-08T07:00:00Z', '2026-06-01T08:00:00Z')).toEqual({ open: ['2026-06-08T08:00:00.000Z'], missed: [] });
  });

  it('opens every slot within a review time longer than a week, earliest first', () => {
    // Ten days: the posts of the next two Mondays are due.
    expect(due(mondays, 10 * 24 * 60, '2026-06-01T09:00:00Z', '2026-05-01T00:00:00Z').open).toEqual(['2026-06-08T08:00:00.000Z']);
    expect(due(mondays, 10 * 24 * 60, '2026-05-29T08:00:00Z', '2026-05-01T00:00:00Z').open).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-08T08:00:00.000Z']);
  });

  it('still opens a slot ahead whose post fell due while the service was down; a slot that passed is missed', () => {
    // Down from Sunday to Monday 08:30 UTC: the 08:00 slot passed, so it is missed, not opened.
    expect(due(mondays, 24 * 60, '2026-06-01T08:30:00Z', '2026-05-25T08:00:00Z')).toEqual({ open: [], missed: ['2026-06-01T08:00:00.000Z'] });
    // Down until 07:55: its post is late but the slot is ahead.
    expect(due(mondays, 24 * 60, '2026-06-01T07:55:00Z', '2026-05-25T08:00:00Z')).toEqual({ open: ['2026-06-01T08:00:00.000Z'], missed: [] });
  });

  it('misses only slots after the schedule’s last change, at most a month back', () => {
    // Created (or resumed) after Monday's slot: nothing was missed.
    expect(due(mondays, 60, '2026-06-01T10:00:00Z', '2026-06-01T08:30:00Z').missed).toEqual([]);
    expect(due(mondays, 60, '2026-06-29T10:00:00Z', '2026-01-01T00:00:00Z').missed).toEqual([
      '2026-06-01T08:00:00.000Z',
      '2026-06-08T08:00:00.000Z',
      '2026-06-15T08:00:00.000Z',
      '2026-06-22T08:00:00.000Z',
      '2026-06-29T08:00:00.000Z',
    ]);
  });

  it('a one-off schedule opens its one slot once, or misses it', () => {
    const once: ScheduleTiming = { kind: 'once', at: at('2026-06-10T12:00:00Z') };
    expect(due(once, 30, '2026-06-10T11:29:00Z', '2026-06-01T00:00:00Z')).toEqual({ open: [], missed: [] });
    expect(due(once, 30, '2026-06-10T11:30:00Z', '2026-06-01T00:00:00Z')).toEqual({ open: ['2026-06-10T12:00:00.000Z'], missed: [] });
    expect(due(once, 30, '2026-06-10T11:45:00Z', '2026-06-10T12:00:00Z')).toEqual({ open: [], missed: [] });
    expect(due(once, 30, '2026-06-10T12:01:00Z', '2026-06-01T00:00:00Z')).toEqual({ open: [], missed: ['2026-06-10T12:00:00.000Z'] });
    expect(due(once, 30, '2026-06-11T00:00:00Z', '2026-06-10T12:00:00Z')).toEqual({ open: [], missed: [] });
  });
});

describe('organizations whose schedules open nothing', () => {
  it('are inactive, or their owner’s plan has no Auto-Post', () => {
    expect(slotsHeldBack({ is_active: true, owner_role: 'pro' })).toBeNull();
    expect(slotsHeldBack({ is_active: true, owner_role: 'admin' })).toBeNull();
    expect(slotsHeldBack({ is_active: false, owner_role: 'pro' })).toBe('the organization is inactive');
    expect(slotsHeldBack({ is_active: true, owner_role: 'basic' })).toBe('the owner’s plan has no Auto-Post');
    expect(slotsHeldBack({ is_active: true, owner_role: 'unknown' })).toBe('the owner’s plan has no Auto-Post');
  });
});

describe('what a schedule’s events say its posts are made of', () => {
  const schedule = Object.assign(new AutoSchedule(), {
    ...NEW_SCHEDULE,
    id: '6a0f2a4e-3b1c-4d2e-8f90-1a2b3c4d5e6f',
    organizationId: '0b7d5c3e-2f44-4b9a-8c55-6e7f8a9b0c1d',
    name: 'Monday tips',
    platforms: ['X', 'LinkedIn'],
    specificMediaType: 'image' as const,
    dayOfWeek: 'monday' as const,
    timeOfDay: '09:00',
    specificMedia: [],
    topic: 'Sourdough',
    tone: 'friendly',
    createdBy: null,
    createdAt: at('2026-05-01T00:00:00Z'),
    updatedAt: at('2026-05-01T00:00:00Z'),
  });

  it('fills the business name and language from the organization where the schedule has none; AI media without uploads', () => {
    const settings = postSettingsOf(schedule, { name: 'Bakery', language: 'fr-FR' });
    expect(schedulePostSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings).toMatchObject({
      platforms: ['X', 'LinkedIn'],
      mediaType: 'image',
      specificContent: null,
      specificMediaPaths: [],
      generateMedia: true,
      reviewBeforePublishing: true,
      generation: { businessName: 'Bakery', language: 'fr-FR', topic: 'Sourdough', tone: 'friendly', contentType: 'general', businessData: null },
    });
    const own = postSettingsOf({ ...schedule, businessName: 'Le Fournil', language: 'en-GB', specificMedia: ['org/a.png'] }, { name: 'Bakery', language: 'fr-FR' });
    expect(own).toMatchObject({ generateMedia: false, specificMediaPaths: ['org/a.png'], generation: { businessName: 'Le Fournil', language: 'en-GB' } });
  });

  it('moves opened slots to the new timing’s, in order; one without a new slot keeps its time', () => {
    const [first, second] = [at('2026-06-01T08:00:00Z'), at('2026-06-08T08:00:00Z')];
    const tuesday = at('2026-06-02T09:00:00Z');
    expect(slotMoves([first, second], [tuesday, at('2026-06-09T09:00:00Z')])).toEqual([
      { from: first, to: tuesday },
      { from: second, to: at('2026-06-09T09:00:00Z') },
    ]);
    expect(slotMoves([first, second], [tuesday])).toEqual([
      { from: first, to: tuesday },
      { from: second, to: null },
    ]);
    expect(slotMoves([], [tuesday])).toEqual([]);
  });
});
