import { normalisePlatforms, originalRequestSchema, PostMessages, scheduledInstant, type OriginalRequest, type PostUpdate } from '@planner/contracts';
import { optionsForPlatforms } from './platform-options.js';
import { platformIdsOf } from './platforms.js';
import { mediaPathList, type PublishedFields } from './review.js';

/** The fields of an update that belong to the original generation request, not to the post itself. */
const REQUEST_FIELDS = [
  'business_name',
  'business_data',
  'content_type',
  'topic',
  'context',
  'time_of_year',
  'event_details',
  'platform',
  'schedule_option',
  'tone',
  'mood',
  'language',
  'character_limit',
  'target_character_count',
] as const satisfies ReadonlyArray<keyof PostUpdate & keyof OriginalRequest>;

export type EditResult =
  | { ok: true; fields: PublishedFields; autoScheduleId: string | null; originalRequest: OriginalRequest | null }
  | { ok: false; problem: string };

/**
 * A post after POST /posts/{id}/update: the fields sent replace the post's,
 * platform names normalised, at least one platform (the media rules of
 * part 2 §5 need the media's facts: the command checks them), a scheduled
 * time read as /schedule_post/later reads it (without an offset, in the
 * organization's `timeZone`). The original request follows the form's fields
 * when the post has one (or a generation draft's request is given: the
 * form's draft_id), or gets one when the update names the business (a post
 * written by hand has nothing to regenerate from otherwise). The platform
 * choices sent replace the post's; a platform the post no longer has loses its.
 */
export function editedPost(
  current: PublishedFields & { autoScheduleId: string | null; originalRequest: OriginalRequest | null },
  input: PostUpdate,
  timeZone: string,
  draftRequest: OriginalRequest | null = null,
): EditResult {
  let platforms = current.platforms;
  if (input.platforms !== undefined) {
    const normalised = normalisePlatforms(input.platforms);
    if (normalised.unknown !== null) return { ok: false, problem: PostMessages.unknownPlatform(normalised.unknown) };
    platforms = normalised.names;
  }
  const fields: PublishedFields = {
    content: input.content ?? current.content,
    platforms,
    mediaType: input.media_type ?? current.mediaType,
    mediaPaths: input.media_paths === undefined ? current.mediaPaths : mediaPathList(input.media_paths),
    scheduledTime: current.scheduledTime,
    // Choices sent replace the post's; either way only its platforms' are kept.
    platformOptions: optionsForPlatforms(platformIdsOf(platforms), input.platform_options ?? current.platformOptions),
  };
  if (fields.platforms.length === 0) return { ok: false, problem: PostMessages.selectPlatform };
  if (input.scheduled_time !== undefined) {
    const scheduled = input.scheduled_time === null ? null : scheduledInstant(input.scheduled_time.trim(), timeZone);
    if (input.scheduled_time !== null && scheduled === null) return { ok: false, problem: PostMessages.scheduledTimeInvalid };
    fields.scheduledTime = scheduled;
  }

  let originalRequest = draftRequest ?? current.originalRequest;
  if (originalRequest !== null || input.business_name?.trim()) {
    const sent = Object.fromEntries(REQUEST_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]));
    originalRequest = originalRequestSchema.parse({
      ...originalRequest,
      ...sent,
      platforms: fields.platforms,
      media_type: fields.mediaType,
      media_paths: fields.mediaPaths.join(','),
      scheduled_time: fields.scheduledTime?.toISOString() ?? null,
    });
    const { character_limit: limit, target_character_count: target } = originalRequest;
    if (limit !== null && target !== null && target > limit) {
      return { ok: false, problem: input.target_character_count !== undefined ? PostMessages.targetExceedsLimit : PostMessages.limitBelowTarget };
    }
  }
  const autoScheduleId = input.auto_schedule_id === undefined ? current.autoScheduleId : input.auto_schedule_id;
  return { ok: true, fields, autoScheduleId, originalRequest };
}
