import {
  AutoScheduleMessages,
  characterCountErrors,
  characterCountOf,
  DAYS_OF_WEEK,
  DEFAULT_CONTENT_TYPE,
  LIMITS,
  PostMessages,
  platformList,
  scheduledInstant,
  wallClockAt,
  type AutoScheduleView,
  type CharacterCountField,
  type DayOfWeek,
  type MediaType,
  type ScheduleTiming,
} from '@planner/contracts';
import type { AutoScheduleCreateBody, AutoScheduleUpdateBody, Template } from '@planner/remote-contract';
import { reviewTimeError } from '@planner/ui/settings-rules';

/**
 * The Auto Scheduler's form (part 2 §2–§5, §9): what is typed, its rules in
 * the spec's words, and the body it sends. Pure, so each rule is tested alone.
 */

/** The generated-content settings (part 2 §3 Auto schedule), typed as text. */
export const SETTING_FIELDS = [
  'business_name',
  'business_data',
  'character_limit',
  'target_character_count',
  'content_type',
  'topic',
  'context',
  'time_of_year',
  'event_details',
  'tone',
  'mood',
  'language',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

export interface ScheduleDraft extends Record<SettingField, string> {
  name: string;
  /** Display names of the chosen connected platforms ('X', 'LinkedIn'). */
  platforms: string[];
  media_type: MediaType;
  /** Part 2 §4: recurring (a weekday and a time) or one-off (a date). */
  timing: 'weekly' | 'once';
  day_of_week: DayOfWeek;
  /** HH:MM in the organization's time zone. */
  time_of_day: string;
  /** The time picker's YYYY-MM-DDTHH:mm, in the organization's time zone. */
  specific_date: string;
  specific_content: string;
  template_id: string;
  /** Whether the generated-content settings section is open. */
  settings_open: boolean;
  review: boolean;
  /** Minutes; empty: the organization's default. */
  review_time: string;
  /** Image, carousel and story media drawn by AI for each post instead of uploads. */
  generate_media: boolean;
  /** On update: the schedule's media paths that stay. */
  keep_media: string[];
}

/** An uploaded file, read for sending (part 2 §3: name plus base64, here as a data: URL, which the API takes). */
export interface Upload {
  name: string;
  type: string;
  data: string;
}

export type ScheduleField = keyof ScheduleDraft | 'media';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

/** Media types AI can make (part 2 §5: image, carousel and story; 'Coming Soon' for short and video). */
export const AI_MEDIA_TYPES: readonly MediaType[] = ['image', 'carousel', 'story'];

/** Part 2 §5's type checks: the files each media type takes. */
const ACCEPTED: Record<Exclude<MediaType, 'text'>, readonly string[]> = {
  image: ['image/'],
  video: ['video/'],
  carousel: ['image/', 'video/'],
  short: ['video/mp4', 'video/quicktime'],
  story: ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime'],
};

/** The file input's accept attribute for a media type. */
export function acceptOf(type: MediaType): string {
  return type === 'text' ? '' : ACCEPTED[type].map((accepted) => (accepted.endsWith('/') ? `${accepted}*` : accepted)).join(',');
}

const two = (n: number) => String(n).padStart(2, '0');

/** The wall clock of an instant in the zone as the time picker writes it, YYYY-MM-DDTHH:mm. */
export function pickerValue(instant: Date, timeZone: string): string {
  const wall = new Date(wallClockAt(instant.getTime(), timeZone));
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** Part 2 §9: a new schedule is on Monday at the time it is now (in the organization's zone), text, review on, content type general. */
export function newDraft(timeZone: string, now: Date): ScheduleDraft {
  return {
    name: '',
    platforms: [],
    media_type: 'text',
    timing: 'weekly',
    day_of_week: 'monday',
    time_of_day: pickerValue(now, timeZone).slice(11),
    specific_date: '',
    specific_content: '',
    template_id: '',
    settings_open: false,
    review: true,
    review_time: '',
    generate_media: false,
    keep_media: [],
    business_name: '',
    business_data: '',
    character_limit: '',
    target_character_count: '',
    content_type: DEFAULT_CONTENT_TYPE,
    topic: '',
    context: '',
    time_of_year: '',
    event_details: '',
    tone: '',
    mood: '',
    language: '',
  };
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A schedule read back into the form for editing; its date in the organization's zone. */
export function draftOf(schedule: AutoScheduleView, timeZone: string, now: Date): ScheduleDraft {
  const media = schedule.specific_media.split(',').filter(Boolean);
  const settings = Object.fromEntries(SETTING_FIELDS.map((field) => [field, text(schedule[field])])) as Record<SettingField, string>;
  return {
    ...newDraft(timeZone, now),
    ...settings,
    content_type: schedule.content_type || DEFAULT_CONTENT_TYPE,
    name: schedule.name,
    platforms: platformList(schedule.platforms),
    media_type: schedule.specific_media_type,
    ...(schedule.specific_date
      ? { timing: 'once' as const, specific_date: pickerValue(new Date(schedule.specific_date), timeZone) }
      : { timing: 'weekly' as const, day_of_week: schedule.day_of_week ?? 'monday', time_of_day: schedule.time_of_day ?? '' }),
    specific_content: text(schedule.specific_content),
    settings_open: !schedule.specific_content,
    review: schedule.review_post_before_publishing,
    review_time: text(schedule.specific_before_post_review_time),
    generate_media: schedule.specific_media_type !== 'text' && media.length === 0,
    keep_media: media,
  };
}

/** The fields typed as they are, without other effect. */
export type PlainField = 'name' | 'day_of_week' | 'time_of_day' | 'specific_date' | 'review_time' | SettingField;

/** What the form does as it is typed in: the interplay of part 2 §4. */
export type DraftChange =
  | { kind: 'field'; field: PlainField; value: string }
  | { kind: 'platform'; name: string; chosen: boolean }
  | { kind: 'media_type'; value: MediaType }
  | { kind: 'timing'; value: 'weekly' | 'once' }
  | { kind: 'specific_content'; value: string }
  | { kind: 'template'; template: Template | null }
  | { kind: 'settings_open'; open: boolean }
  | { kind: 'review'; on: boolean }
  | { kind: 'generate_media'; on: boolean }
  | { kind: 'keep_media'; path: string; kept: boolean };

/**
 * The form's state after a change (part 2 §4): choosing a template fills the
 * generated-content settings, opens them and clears the specific content;
 * typing specific content clears the template and closes them; opening them
 * again is the reverse. One-off mode clears the weekday and time, recurring
 * mode the date. Text takes no media.
 */
export function changeDraft(draft: ScheduleDraft, change: DraftChange): ScheduleDraft {
  switch (change.kind) {
    case 'field':
      return { ...draft, [change.field]: change.value };
    case 'platform':
      return { ...draft, platforms: change.chosen ? [...draft.platforms.filter((name) => name !== change.name), change.name] : draft.platforms.filter((name) => name !== change.name) };
    case 'media_type':
      return { ...draft, media_type: change.value, generate_media: AI_MEDIA_TYPES.includes(change.value) && draft.generate_media, ...(change.value === 'text' && { keep_media: [] }) };
    case 'timing':
      return change.value === 'once' ? { ...draft, timing: 'once', day_of_week: 'monday', time_of_day: '' } : { ...draft, timing: 'weekly', specific_date: '' };
    case 'specific_content':
      return change.value.trim() ? { ...draft, specific_content: change.value, template_id: '', settings_open: false } : { ...draft, specific_content: change.value };
    case 'template': {
      const template = change.template;
      if (!template) return { ...draft, template_id: '' };
      return {
        ...draft,
        template_id: template.id,
        business_data: text(template.data),
        content_type: template.content_type || DEFAULT_CONTENT_TYPE,
        topic: text(template.topic),
        context: text(template.context),
        time_of_year: text(template.time_of_year),
        event_details: text(template.event_details),
        tone: text(template.tone),
        mood: text(template.mood),
        language: text(template.language),
        character_limit: text(template.character_limit),
        target_character_count: text(template.target_character_count),
        specific_content: '',
        settings_open: true,
      };
    }
    case 'settings_open':
      return change.open ? { ...draft, settings_open: true, specific_content: '' } : { ...draft, settings_open: false };
    case 'review':
      return { ...draft, review: change.on };
    case 'generate_media':
      return { ...draft, generate_media: change.on };
    case 'keep_media':
      return { ...draft, keep_media: change.kept ? [...draft.keep_media, change.path] : draft.keep_media.filter((path) => path !== change.path) };
  }
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The draft's timing as the scheduler reads it, once it is complete; null while it is not. */
export function draftTiming(draft: ScheduleDraft, timeZone: string): ScheduleTiming | null {
  if (draft.timing === 'weekly') return TIME_OF_DAY.test(draft.time_of_day) ? { kind: 'weekly', dayOfWeek: draft.day_of_week, timeOfDay: draft.time_of_day } : null;
  const at = draft.specific_date ? scheduledInstant(draft.specific_date, timeZone) : null;
  return at ? { kind: 'once', at } : null;
}

function timingError(draft: ScheduleDraft, timeZone: string, now: Date): string | null {
  if (draft.timing === 'weekly') {
    if (!draft.time_of_day) return AutoScheduleMessages.timingRequired;
    return TIME_OF_DAY.test(draft.time_of_day) ? null : AutoScheduleMessages.timeOfDayInvalid;
  }
  if (!draft.specific_date) return AutoScheduleMessages.timingRequired;
  const instant = scheduledInstant(draft.specific_date, timeZone);
  if (!instant) return PostMessages.scheduledTimeInvalid;
  return instant <= now ? PostMessages.scheduledTimeInPast : null;
}

/** Part 2 §5: the media a schedule's type needs, its kept media counted (on update) with the new uploads. */
function mediaError(draft: ScheduleDraft, uploads: readonly Upload[]): string | null {
  const type = draft.media_type;
  if (type === 'text') return null;
  if (uploads.some((upload) => !ACCEPTED[type].some((accepted) => (accepted.endsWith('/') ? upload.type.startsWith(accepted) : upload.type === accepted)))) {
    return PostMessages.invalidMediaType;
  }
  const count = draft.keep_media.length + uploads.length;
  if (count === 0) return draft.generate_media && AI_MEDIA_TYPES.includes(type) ? null : PostMessages.addMedia(type);
  if (type === 'short' && count > LIMITS.shortMaxFiles) return PostMessages.shortSingleFile;
  if (type === 'carousel' && count < LIMITS.carouselMinMedia) return PostMessages.carouselMinimum;
  return null;
}

/**
 * Part 2 §5's auto-schedule rules, each at its field: name; platform; when
 * (a weekday and time, or a date to come); media for the type (uploads or AI,
 * a short one file, a carousel two or more, a story no text); review time
 * 1..43200 when review is on; character counts; Custom Business Data not with
 * Specific Post Content.
 */
export function scheduleErrors(draft: ScheduleDraft, uploads: readonly Upload[], context: { timeZone: string; now: Date; lastCount?: CharacterCountField }): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!draft.name.trim()) errors.name = PostMessages.scheduleNameRequired;
  if (draft.platforms.length === 0) errors.platforms = PostMessages.selectPlatform;
  const timing = timingError(draft, context.timeZone, context.now);
  if (timing) errors[draft.timing === 'weekly' ? 'time_of_day' : 'specific_date'] = timing;
  const media = mediaError(draft, uploads);
  if (media) errors.media = media;
  if (draft.media_type === 'story' && draft.specific_content.trim()) errors.specific_content = PostMessages.storiesWithoutText;
  if (draft.review && draft.review_time.trim()) {
    const review = reviewTimeError(draft.review_time);
    if (review) errors.review_time = review;
  }
  Object.assign(errors, characterCountErrors(draft, context.lastCount));
  if (draft.specific_content.trim() && draft.business_data.trim()) errors.business_data = PostMessages.businessDataWithContent;
  return errors;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);
const count = (value: string) => {
  const n = characterCountOf(value);
  return typeof n === 'number' ? n : null;
};

/** The body of a valid draft (create): blank texts and options as null, numbers as numbers, the timing of its mode only. */
export function createBody(draft: ScheduleDraft, uploads: readonly Upload[], organizationId: string): AutoScheduleCreateBody {
  const media = draft.media_type !== 'text';
  return {
    organization_id: organizationId,
    name: draft.name.trim(),
    platforms: draft.platforms,
    specific_media_type: draft.media_type,
    ...(draft.timing === 'once'
      ? { specific_date: draft.specific_date }
      : { day_of_week: draft.day_of_week, time_of_day: draft.time_of_day }),
    specific_content: orNull(draft.specific_content),
    ...(media && uploads.length > 0 && { specific_media: uploads.map(({ name, data }) => ({ name, data })) }),
    ...(media && { generate_media: draft.generate_media && AI_MEDIA_TYPES.includes(draft.media_type) }),
    review_post_before_publishing: draft.review,
    specific_before_post_review_time: draft.review && draft.review_time.trim() ? Number(draft.review_time) : null,
    business_name: orNull(draft.business_name),
    business_data: orNull(draft.business_data),
    character_limit: count(draft.character_limit),
    target_character_count: count(draft.target_character_count),
    content_type: draft.content_type as AutoScheduleCreateBody['content_type'],
    topic: orNull(draft.topic),
    context: orNull(draft.context),
    time_of_year: orNull(draft.time_of_year),
    event_details: orNull(draft.event_details),
    tone: (orNull(draft.tone) as AutoScheduleCreateBody['tone']) ?? null,
    mood: (orNull(draft.mood) as AutoScheduleCreateBody['mood']) ?? null,
    language: (orNull(draft.language) as AutoScheduleCreateBody['language']) ?? null,
  };
}

/**
 * The body of an update: every setting (the form shows them all), the other
 * mode's timing cleared, and which of its media stay (`media_to_keep`).
 */
export function updateBody(draft: ScheduleDraft, uploads: readonly Upload[]): AutoScheduleUpdateBody {
  const { organization_id: _organizationId, ...settings } = createBody(draft, uploads, '');
  return {
    ...settings,
    ...(draft.timing === 'once' ? { day_of_week: null, time_of_day: null } : { specific_date: null }),
    media_to_keep: draft.media_type === 'text' ? [] : draft.keep_media,
  };
}

export const DAY_LABELS: Record<DayOfWeek, string> = Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, day[0]!.toUpperCase() + day.slice(1)])) as Record<DayOfWeek, string>;
