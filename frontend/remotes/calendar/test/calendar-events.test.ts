import { describe, expect, it } from 'vitest';
import { isoDay, parseIsoDay, visibleDays, weekDays } from '../src/calendar-dates.js';
import { eventsByDay, moveRefusal, MoveRefusals, pastMoveRefusal, platformIds, postEvents, postInstant, postTitle, scheduleEvents } from '../src/calendar-events.js';
import { eventsByPlatform } from '../src/DayView.js';
import { post, schedule } from './support.js';

const day = (iso: string) => parseIsoDay(iso)!;

describe('posts as events', () => {
  it('title: the first line, shortened; a post without text by its media type', () => {
    expect(postTitle({ content: 'Hello\nworld', media_type: 'text' })).toBe('Hello');
    expect(postTitle({ content: '  ', media_type: 'image' })).toBe('Untitled image post');
    const long = postTitle({ content: 'x'.repeat(100), media_type: 'text' });
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('time: scheduled, else first published, else made', () => {
    expect(postInstant(post({ scheduled_time: '2026-03-12T09:30:00.000Z' }))).toBe(Date.parse('2026-03-12T09:30:00.000Z'));
    const at = (iso: string) => ({ status: 'published' as const, link: null, reason: null, at: iso });
    expect(postInstant(post({ scheduled_time: null, publications: { x: at('2026-03-05T10:00:00Z'), linkedin: at('2026-03-05T09:00:00Z') } }))).toBe(Date.parse('2026-03-05T09:00:00Z'));
    expect(postInstant(post({ scheduled_time: null, created_at: '2026-03-01T10:00:00.000Z' }))).toBe(Date.parse('2026-03-01T10:00:00.000Z'));
  });

  it('platforms by id, any spelling, unknown ones left out', () => {
    expect(platformIds('LinkedIn, X,twitter,Pinterest')).toEqual(['linkedin', 'x', 'x']);
  });

  it('grouped by the zone’s day, earliest first; by platform in the platforms’ order', () => {
    const events = postEvents(
      [
        post({ content: 'B', scheduled_time: '2026-03-12T20:00:00.000Z', platforms: 'Telegram' }),
        post({ content: 'A', scheduled_time: '2026-03-12T13:00:00.000Z', platforms: 'LinkedIn,X' }),
        post({ content: 'C', scheduled_time: '2026-03-13T03:00:00.000Z', platforms: '' }),
      ],
      'America/New_York',
    );
    const byDay = eventsByDay(events);
    expect(byDay.get(day('2026-03-12'))!.map((e) => e.title)).toEqual(['A', 'B', 'C']); // 03:00 UTC on the 13th is 23:00 on the 12th
    expect(eventsByPlatform(byDay.get(day('2026-03-12'))!).map(([platform, list]) => [platform, list.map((e) => e.title)])).toEqual([
      ['x', ['A']],
      ['linkedin', ['A']],
      ['telegram', ['B']],
      [null, ['C']],
    ]);
  });
});

describe('auto-schedule slots', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');

  it('a weekly slot keeps its local time across the New York spring change', () => {
    const weekly = schedule({ day_of_week: 'monday', time_of_day: '09:00' });
    const slots = scheduleEvents([weekly], [], 'America/New_York', visibleDays('month', day('2026-03-10')), now);
    expect(slots.map((slot) => new Date(slot.date).toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-16T13:00:00.000Z',
      '2026-03-23T13:00:00.000Z',
      '2026-03-30T13:00:00.000Z',
      '2026-04-06T13:00:00.000Z',
    ]);
    expect(slots.map((slot) => isoDay(slot.day))).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06']);
  });

  it('a slot before now, outside the days shown, paused, or whose post exists is left out', () => {
    const weekly = schedule({ day_of_week: 'wednesday', time_of_day: '12:00' });
    const once = schedule({ day_of_week: null, time_of_day: null, specific_date: '2026-04-20T10:00:00.000Z' });
    const paused = schedule({ active: false });
    const made = post({ auto_schedule_id: weekly.id, scheduled_time: '2026-03-18T12:00:00.000Z' });
    const slots = scheduleEvents([weekly, once, paused], [made], 'UTC', weekDays(day('2026-03-11')).concat(weekDays(day('2026-03-18'))), Date.parse('2026-03-11T12:01:00Z'));
    expect(slots).toEqual([]);
    const later = scheduleEvents([weekly], [made], 'UTC', weekDays(day('2026-03-11')), Date.parse('2026-03-11T11:59:00Z'));
    expect(later.map((slot) => [slot.id, slot.title, slot.status, slot.type])).toEqual([[`${weekly.id}@${Date.parse('2026-03-11T12:00:00Z')}`, weekly.name, 'scheduled', 'auto-schedule']]);
  });
});

describe('what may move', () => {
  it('a pending, approved or failed post; not a published or rejected one, nor a slot; never into the past', () => {
    const [pending, approved, failed, published, rejected] = postEvents(
      (['pending_review', 'approved', 'failed', 'published', 'rejected'] as const).map((status) => post({ status })),
      'UTC',
    );
    expect([pending, approved, failed].map((event) => moveRefusal(event!))).toEqual([null, null, null]);
    expect(moveRefusal(published!)).toBe(MoveRefusals.published);
    expect(moveRefusal(rejected!)).toBe(MoveRefusals.rejected);
    const [slot] = scheduleEvents([schedule()], [], 'UTC', weekDays(day('2026-03-11')), 0);
    expect(moveRefusal(slot!)).toBe(MoveRefusals.slot);
    expect(pastMoveRefusal(new Date(1000), 1000)).not.toBeNull();
    expect(pastMoveRefusal(new Date(1001), 1000)).toBeNull();
  });
});
