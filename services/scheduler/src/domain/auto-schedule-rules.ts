import {
  AI_MEDIA_TYPES,
  AutoScheduleMessages,
  DAYS_OF_WEEK,
  DEFAULT_CONTENT_TYPE,
  LIMITS,
  normalisePlatforms,
  OrganizationMessages,
  platformList,
  PostMessages,
  scheduledInstant,
  timeOfDaySchema,
  type AutoScheduleCreate,
  type AutoScheduleUpdate,
  type DayOfWeek,
  type ScheduleChanges,
} from '@planner/contracts';
import type { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** A schedule as its settings make it: the entity's fields the API sets, its media apart. */
export type ScheduleSettings = Omit<AutoSchedule, 'id' | 'organizationId' | 'specificMedia' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** A new schedule before its body is read: part 2 §9's defaults (media text, review on, content type general), active. */
export const NEW_SCHEDULE: ScheduleSettings = {
  name: '',
  platforms: [],
  specificMediaType: 'text',
  active: true,
  specificDate: null,
  dayOfWeek: null,
  timeOfDay: null,
  specificContent: null,
  reviewPostBeforePublishing: true,
  specificBeforePostReviewTime: null,
  postApproved: false,
  businessName: null,
  businessData: null,
  characterLimit: null,
  targetCharacterCount: null,
  contentType: DEFAULT_CONTENT_TYPE,
  topic: null,
  context: null,
  timeOfYear: null,
  eventDetails: null,
  tone: null,
  mood: null,
  language: null,
};

/** A saved schedule's settings, as the rules read them. */
export function settingsOf(schedule: AutoSchedule): ScheduleSettings {
  const { id: _id, organizationId: _organizationId, specificMedia: _specificMedia, createdBy: _createdBy, createdAt: _createdAt, updatedAt: _updatedAt, ...settings } = schedule;
  return settings;
}

/**
 * The schedule's media a list of paths names (`media_to_keep`, `media_keys`:
 * a list, or comma-separated), in the schedule's order, and the listed paths
 * that are none of its media.
 */
export function namedMedia(current: readonly string[], list: string | readonly string[]): { named: string[]; unknown: string[] } {
  const paths = (typeof list === 'string' ? list.split(',') : list).map((path) => path.trim()).filter(Boolean);
  return { named: current.filter((path) => paths.includes(path)), unknown: paths.filter((path) => !current.includes(path)) };
}

/** What the rules need besides the body: where the schedule is, now, and how much media it would have. */
export interface RuleContext {
  /** The organization's IANA time zone: a date without an offset is its local time. */
  timeZone: string;
  now: Date;
  /** Its media once saved: the kept ones and the new uploads. */
  mediaCount: number;
  /** The schedule had its media generated (a non-text type without media of its own): still so unless the body says. */
  generatedBefore: boolean;
}

export type CheckedSchedule = { ok: true; settings: ScheduleSettings } | { ok: false; problem: string };

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value);

type Timing = Pick<ScheduleSettings, 'specificDate' | 'dayOfWeek' | 'timeOfDay'>;

/**
 * When the schedule posts once the body is read. Sending any of
 * `specific_date`, `day_of_week`, `time_of_day` chooses the mode: a date makes
 * it one-off (a day or time beside it is refused), a day or time weekly (the
 * other kept from before, the date dropped); sending none keeps the schedule's
 * (a new one has none, which is refused, as is sending them all empty). A date
 * must be to come.
 */
function timingOf(body: AutoScheduleCreate | AutoScheduleUpdate, current: Timing, timeZone: string, now: Date): Timing | { problem: string } {
  const { specific_date: date, day_of_week: day, time_of_day: time } = body;
  if (date === undefined && day === undefined && time === undefined) {
    const { specificDate, dayOfWeek, timeOfDay } = current;
    return specificDate || dayOfWeek ? { specificDate, dayOfWeek, timeOfDay } : { problem: AutoScheduleMessages.timingRequired };
  }
  if (date) {
    if (day || time) return { problem: AutoScheduleMessages.dateOrWeekly };
    const instant = scheduledInstant(date, timeZone);
    if (!instant) return { problem: PostMessages.scheduledTimeInvalid };
    if (instant <= now) return { problem: PostMessages.scheduledTimeInPast };
    return { specificDate: instant, dayOfWeek: null, timeOfDay: null };
  }
  const dayOfWeek = day === undefined ? current.dayOfWeek : day?.trim().toLowerCase() || null;
  const timeOfDay = time === undefined ? current.timeOfDay : time?.trim() || null;
  if (!dayOfWeek || !timeOfDay) return { problem: AutoScheduleMessages.timingRequired };
  if (!DAYS_OF_WEEK.includes(dayOfWeek as DayOfWeek)) return { problem: AutoScheduleMessages.dayOfWeekInvalid };
  if (!timeOfDaySchema.safeParse(timeOfDay).success) return { problem: AutoScheduleMessages.timeOfDayInvalid };
  return { specificDate: null, dayOfWeek: dayOfWeek as DayOfWeek, timeOfDay };
}

/** Part 2 §5: the media a schedule's type needs: text none; other types uploads, or AI media where AI can make them; a short one file, a carousel two or more; a story no text. */
function mediaProblem(settings: ScheduleSettings, mediaCount: number, generateMedia: boolean): string | null {
  const type = settings.specificMediaType;
  if (type === 'text') return mediaCount > 0 ? PostMessages.invalidMediaType : null;
  if (mediaCount === 0) {
    if (!generateMedia) return PostMessages.addMedia(type);
    if (!AI_MEDIA_TYPES.includes(type)) return AutoScheduleMessages.aiMediaComingSoon(type);
  }
  if (type === 'short' && mediaCount > LIMITS.shortMaxFiles) return PostMessages.shortSingleFile;
  if (type === 'carousel' && mediaCount > 0 && mediaCount < LIMITS.carouselMinMedia) return PostMessages.carouselMinimum;
  if (type === 'story' && settings.specificContent !== null) return PostMessages.storiesWithoutText;
  return null;
}

/** Part 2 §5: review time, when review is on, 1 to 43200 minutes. */
function reviewTimeProblem(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (!Number.isInteger(minutes) || minutes < LIMITS.minReviewTimeMinutes) return OrganizationMessages.reviewTimePositive;
  if (minutes > LIMITS.maxReviewTimeMinutes) return OrganizationMessages.reviewTimeTooLong;
  return null;
}

/** Part 2 §5: character limit and target 1 to 5000, the target not above the limit — in the words of the field that was changed. */
function characterProblem(limit: number | null, target: number | null, targetSent: boolean): string | null {
  for (const [value, field] of [[limit, 'Character limit'], [target, 'Target character count']] as const) {
    if (value !== null && (!Number.isInteger(value) || value < LIMITS.minCharacters || value > LIMITS.maxCharacters)) {
      return OrganizationMessages.characterRange(field);
    }
  }
  if (limit !== null && target !== null && target > limit) return targetSent ? PostMessages.targetExceedsLimit : PostMessages.limitBelowTarget;
  return null;
}

/**
 * A body (create or update) over a schedule's settings (`NEW_SCHEDULE` for a
 * new one): the schedule it would be, or the first of part 2 §5's rules it
 * breaks in the spec's words — name; platform; when; media for its type;
 * review time; character counts; Custom Business Data with Specific Post
 * Content. Fields the body leaves out keep their value.
 */
export function checkedSchedule(current: ScheduleSettings, body: AutoScheduleCreate | AutoScheduleUpdate, context: RuleContext): CheckedSchedule {
  const name = (body.name ?? current.name).trim();
  if (name === '') return { ok: false, problem: PostMessages.scheduleNameRequired };

  let platforms = current.platforms;
  if (body.platforms !== undefined) {
    const normalised = normalisePlatforms(typeof body.platforms === 'string' ? platformList(body.platforms) : body.platforms.map((item) => item.trim()).filter(Boolean));
    if (normalised.unknown !== null) return { ok: false, problem: PostMessages.unknownPlatform(normalised.unknown) };
    platforms = normalised.names;
  }
  if (platforms.length === 0) return { ok: false, problem: PostMessages.selectPlatform };

  const timing = timingOf(body, current, context.timeZone, context.now);
  if ('problem' in timing) return { ok: false, problem: timing.problem };

  const pick = <K extends keyof ScheduleSettings>(key: K, sent: ScheduleSettings[K] | undefined): ScheduleSettings[K] => (sent === undefined ? current[key] : sent);
  const text = (key: 'specificContent' | 'businessName' | 'businessData' | 'topic' | 'context' | 'timeOfYear' | 'eventDetails', sent: string | null | undefined) =>
    sent === undefined ? current[key] : blankToNull(sent);
  const reviewPostBeforePublishing = pick('reviewPostBeforePublishing', body.review_post_before_publishing);
  const settings: ScheduleSettings = {
    name,
    platforms,
    specificMediaType: pick('specificMediaType', body.specific_media_type),
    active: pick('active', body.active),
    ...timing,
    specificContent: text('specificContent', body.specific_content),
    reviewPostBeforePublishing,
    // Part 2 §5 checks the review time only when review is on; without review none is kept.
    specificBeforePostReviewTime: reviewPostBeforePublishing ? pick('specificBeforePostReviewTime', body.specific_before_post_review_time) : null,
    postApproved: pick('postApproved', body.post_approved),
    businessName: text('businessName', body.business_name),
    businessData: text('businessData', body.business_data),
    characterLimit: pick('characterLimit', body.character_limit),
    targetCharacterCount: pick('targetCharacterCount', body.target_character_count),
    contentType: pick('contentType', body.content_type),
    topic: text('topic', body.topic),
    context: text('context', body.context),
    timeOfYear: text('timeOfYear', body.time_of_year),
    eventDetails: text('eventDetails', body.event_details),
    tone: pick('tone', body.tone),
    mood: pick('mood', body.mood),
    language: pick('language', body.language),
  };

  const problem =
    mediaProblem(settings, context.mediaCount, body.generate_media ?? context.generatedBefore) ??
    reviewTimeProblem(settings.specificBeforePostReviewTime) ??
    characterProblem(settings.characterLimit, settings.targetCharacterCount, body.target_character_count !== undefined) ??
    (settings.specificContent !== null && settings.businessData !== null ? PostMessages.businessDataWithContent : null);
  return problem ? { ok: false, problem } : { ok: true, settings };
}

/** Whether a schedule makes its media by AI: a type other than text with no media of its own. */
export function generatesMedia(schedule: Pick<AutoSchedule, 'specificMediaType' | 'specificMedia'>): boolean {
  return schedule.specificMediaType !== 'text' && schedule.specificMedia.length === 0;
}

/** What makes a schedule's posts, beside its media: a change of any updates its pending posts. */
const CONTENT_SETTINGS = [
  'platforms',
  'specificMediaType',
  'specificContent',
  'businessName',
  'businessData',
  'characterLimit',
  'targetCharacterCount',
  'contentType',
  'topic',
  'context',
  'timeOfYear',
  'eventDetails',
  'tone',
  'mood',
  'language',
] as const satisfies ReadonlyArray<keyof ScheduleSettings>;

/**
 * What an update changed (part 2 §4): when the schedule posts (its pending
 * posts are rescheduled), and what its posts are made of, media included
 * (its pending posts are updated). Name, review and active settings are neither.
 */
export function scheduleChanges(before: ScheduleSettings, after: ScheduleSettings, mediaChanged: boolean): ScheduleChanges {
  const timing =
    before.specificDate?.getTime() !== after.specificDate?.getTime() || before.dayOfWeek !== after.dayOfWeek || before.timeOfDay !== after.timeOfDay;
  const content = mediaChanged || CONTENT_SETTINGS.some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { timing, content };
}

/** The success text of an update, naming what happens to pending posts (part 2 §8). */
export function updateMessage(changes: ScheduleChanges): string {
  if (changes.timing && changes.content) return AutoScheduleMessages.updatedRescheduledAndContent;
  if (changes.timing) return AutoScheduleMessages.updatedRescheduled;
  if (changes.content) return AutoScheduleMessages.updatedContent;
  return AutoScheduleMessages.updated;
}
