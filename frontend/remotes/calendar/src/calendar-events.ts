import { DAYS_OF_WEEK, instantOfWallClock, platformIdOf, PostMessages, wallClockAt, type AutoScheduleView, type ConnectionPlatform, type PostView } from '@planner/contracts';
import { dayOf, HOUR_MS, weekdayOf, type Wall } from './calendar-dates.js';

/** Part 2 §3 Calendar event: a post, or an auto-schedule's slot, at an instant, with its wall time in the organization's zone. */
interface EventBase {
  id: string;
  title: string;
  /** The instant, ms. */
  date: number;
  status: string;
  platforms: ConnectionPlatform[];
  /** Its wall-clock time in the organization's zone, and that day's midnight. */
  wall: Wall;
  day: Wall;
}
export type PostEvent = EventBase & { type: 'post'; originalData: PostView };
export type ScheduleEvent = EventBase & { type: 'auto-schedule'; originalData: AutoScheduleView };
export type CalendarEvent = PostEvent | ScheduleEvent;

const TITLE_LENGTH = 60;

/** A post's title: the first line of its text, shortened; a post without text is named by its media type. */
export function postTitle(post: Pick<PostView, 'content' | 'media_type'>): string {
  const line = post.content.trim().split('\n')[0]!.trim();
  if (!line) return `Untitled ${post.media_type} post`;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : line;
}

/** Platform names as posts and schedules keep them ('LinkedIn,X') → the platforms' ids, unknown ones left out. */
export function platformIds(commaJoined: string): ConnectionPlatform[] {
  return commaJoined
    .split(',')
    .map((name) => platformIdOf(name))
    .filter((id): id is ConnectionPlatform => id !== null);
}

/**
 * When a post stands on the calendar: its scheduled time; one published at
 * once (no scheduled time) when it first went out; a post with neither on the
 * day it was made.
 */
export function postInstant(post: Pick<PostView, 'scheduled_time' | 'publications' | 'created_at'>): number {
  if (post.scheduled_time) return Date.parse(post.scheduled_time);
  const published = Object.values(post.publications).map((outcome) => Date.parse(outcome.at));
  return published.length > 0 ? Math.min(...published) : Date.parse(post.created_at);
}

const byTime = (a: CalendarEvent, b: CalendarEvent) => a.date - b.date || a.title.localeCompare(b.title);

export function postEvents(posts: readonly PostView[], timeZone: string): PostEvent[] {
  return posts.map((post) => {
    const date = postInstant(post);
    const wall = wallClockAt(date, timeZone);
    return { type: 'post', id: post.id, title: postTitle(post), date, status: post.status, platforms: platformIds(post.platforms), wall, day: dayOf(wall), originalData: post };
  });
}

/**
 * The slots of the active auto-schedules on the days shown, from `now` on (a
 * slot that has passed is history: its post, if one was made, is on the
 * calendar itself): a one-off schedule's date, a weekly one's weekday at its
 * time, local to the zone. A slot whose post already exists (made for review
 * before it) is left out: the post stands for it.
 */
export function scheduleEvents(
  schedules: readonly AutoScheduleView[],
  posts: readonly PostView[],
  timeZone: string,
  days: readonly Wall[],
  now: number,
): ScheduleEvent[] {
  const first = instantOfWallClock(days[0]!, timeZone).getTime();
  const end = instantOfWallClock(days[days.length - 1]! + 24 * HOUR_MS, timeZone).getTime();
  const made = new Set(posts.filter((post) => post.auto_schedule_id && post.scheduled_time).map((post) => `${post.auto_schedule_id}@${Date.parse(post.scheduled_time!)}`));
  const events: ScheduleEvent[] = [];
  const add = (schedule: AutoScheduleView, date: number) => {
    if (date < Math.max(first, now) || date >= end || made.has(`${schedule.id}@${date}`)) return;
    const wall = wallClockAt(date, timeZone);
    events.push({
      type: 'auto-schedule',
      id: `${schedule.id}@${date}`,
      title: schedule.name,
      date,
      status: 'scheduled',
      platforms: platformIds(schedule.platforms),
      wall,
      day: dayOf(wall),
      originalData: schedule,
    });
  };
  for (const schedule of schedules) {
    if (!schedule.active) continue;
    if (schedule.specific_date) {
      add(schedule, Date.parse(schedule.specific_date));
      continue;
    }
    if (!schedule.day_of_week || !schedule.time_of_day) continue;
    const weekday = DAYS_OF_WEEK.indexOf(schedule.day_of_week);
    const [hours, minutes] = schedule.time_of_day.split(':').map(Number) as [number, number];
    for (const day of days) {
      if (weekdayOf(day) === weekday) add(schedule, instantOfWallClock(day + hours * HOUR_MS + minutes * 60_000, timeZone).getTime());
    }
  }
  return events;
}

/** The events of each day (its midnight), earliest first. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<Wall, CalendarEvent[]> {
  const days = new Map<Wall, CalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.day);
    if (list) list.push(event);
    else days.set(event.day, [event]);
  }
  for (const list of days.values()) list.sort(byTime);
  return days;
}

/** Not worded by the spec: why an event cannot be moved to another time (null: it can). */
export const MoveRefusals = {
  published: 'This post has already been published, so its time cannot be changed.',
  rejected: PostMessages.onlyDelete('rejected'),
  slot: 'An auto-schedule’s slot moves with its schedule: use Edit Schedule.',
} as const;

export function moveRefusal(event: CalendarEvent): string | null {
  if (event.type === 'auto-schedule') return MoveRefusals.slot;
  if (event.originalData.status === 'published') return MoveRefusals.published;
  if (event.originalData.status === 'rejected') return MoveRefusals.rejected;
  return null;
}

/** A move may not go into the past: the posts service's words for a schedule-for-later time that has passed. */
export function pastMoveRefusal(instant: Date, now: number): string | null {
  return instant.getTime() <= now ? PostMessages.scheduledTimeInPast : null;
}
