import { hasFeature, nextSlots, roleSchema, type OrganizationFacts, type SchedulePostSettings, type ScheduleTiming } from '@planner/contracts';
import type { AutoSchedule } from '../entities/auto-schedule.entity.js';
import { generatesMedia } from './auto-schedule-rules.js';
import { postCreationInstant } from './slots.js';

const MINUTE_MS = 60_000;
const WEEK_MINUTES = 7 * 24 * 60;
/** How far back a slot that passed unopened is still recorded as skipped: the longest review time (30 days) and a day. */
const MISSED_LOOKBACK_MS = 31 * 24 * 60 * MINUTE_MS;

/**
 * A schedule's slots to deal with now. `open`: its slots ahead whose post is
 * due by now (the review time before them has come, also while the service
 * was down), earliest first; several when the review time is longer than a
 * week. `missed`: its slots after `since` (its last change, or the latest
 * slot dealt with) that passed without being opened, at most a month back:
 * their post is not made any more.
 */
export function dueSlots(timing: ScheduleTiming, timeZone: string, leadMinutes: number, now: Date, since: Date): { open: Date[]; missed: Date[] } {
  const ahead = nextSlots(timing, timeZone, since > now ? since : now, Math.ceil(leadMinutes / WEEK_MINUTES) + 1);
  const open = ahead.filter((slot) => postCreationInstant(slot, leadMinutes) <= now);
  const lookback = new Date(now.getTime() - MISSED_LOOKBACK_MS);
  const missed = nextSlots(timing, timeZone, since > lookback ? since : lookback, Math.ceil(MISSED_LOOKBACK_MS / (WEEK_MINUTES * MINUTE_MS)) + 1).filter(
    (slot) => slot <= now,
  );
  return { open, missed };
}

/**
 * Why an organization's schedules open no slots now, or null when they do:
 * an inactive organization publishes nothing (its posts would fail), and an
 * owner whose plan lost Auto-Post (part 2 §6) gets no automatic posts.
 */
export function slotsHeldBack(facts: Pick<OrganizationFacts, 'is_active' | 'owner_role'>): string | null {
  if (!facts.is_active) return 'the organization is inactive';
  const role = roleSchema.safeParse(facts.owner_role);
  if (!role.success || !hasFeature(role.data, 'auto_post')) return 'the owner’s plan has no Auto-Post';
  return null;
}

/**
 * What the schedule's posts are made of, as its events carry it: the
 * organization's name and language stand in for a business name and a
 * language the schedule does not set.
 */
export function postSettingsOf(schedule: AutoSchedule, facts: Pick<OrganizationFacts, 'name' | 'language'>): SchedulePostSettings {
  return {
    platforms: schedule.platforms,
    mediaType: schedule.specificMediaType,
    specificContent: schedule.specificContent,
    specificMediaPaths: schedule.specificMedia,
    generateMedia: generatesMedia(schedule),
    reviewBeforePublishing: schedule.reviewPostBeforePublishing,
    generation: {
      businessName: schedule.businessName ?? facts.name,
      businessData: schedule.businessData,
      characterLimit: schedule.characterLimit,
      targetCharacterCount: schedule.targetCharacterCount,
      contentType: schedule.contentType,
      topic: schedule.topic,
      context: schedule.context,
      timeOfYear: schedule.timeOfYear,
      eventDetails: schedule.eventDetails,
      tone: schedule.tone,
      mood: schedule.mood,
      language: schedule.language ?? facts.language,
    },
  };
}

/**
 * Where the posts of a schedule's opened slots still ahead go after an
 * update: to the new timing's slots, in order (the first opened to the first
 * new slot…); one the new timing has no slot for keeps its time (null).
 */
export function slotMoves(opened: readonly Date[], newSlots: readonly Date[]): Array<{ from: Date; to: Date | null }> {
  return opened.map((from, index) => ({ from, to: newSlots[index] ?? null }));
}
