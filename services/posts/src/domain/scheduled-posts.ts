import { originalRequestSchema, type OriginalRequest, type PlatformOutcome, type PostStatus, type SchedulePostSettings } from '@planner/contracts';
import type { GenerationInput } from './generation.js';
import type { PublishedFields } from './review.js';

/** What the generator is asked for a schedule's post: the schedule's settings as a generation request. */
export function scheduleGenerationInput(settings: SchedulePostSettings): GenerationInput & { language: string } {
  const { generation } = settings;
  return {
    business_name: generation.businessName,
    business_data: generation.businessData ?? '',
    content_type: generation.contentType,
    topic: generation.topic ?? '',
    context: generation.context ?? '',
    time_of_year: generation.timeOfYear ?? '',
    event_details: generation.eventDetails ?? '',
    platform: '',
    platforms: settings.platforms,
    media_type: settings.mediaType,
    tone: generation.tone ?? undefined,
    mood: generation.mood ?? undefined,
    language: generation.language,
    character_limit: generation.characterLimit,
    target_character_count: generation.targetCharacterCount,
  };
}

/**
 * The original request a schedule's post keeps (part 2 §3), so that
 * Regenerate writes it again from the schedule's settings: scheduled for
 * later at its time, naming the schedule.
 */
export function scheduleOriginalRequest(settings: SchedulePostSettings, scheduledTime: Date | null, autoScheduleId: string): OriginalRequest {
  const input = scheduleGenerationInput(settings);
  return originalRequestSchema.parse({
    ...input,
    platform: settings.platforms[0] ?? '',
    schedule_option: 'later',
    content: settings.specificContent ?? '',
    media_paths: settings.specificMediaPaths.join(','),
    scheduled_time: scheduledTime?.toISOString() ?? null,
    auto_schedule_id: autoScheduleId,
  });
}

/**
 * A schedule's post that has not gone out and is still to (part 2 §4's
 * pending posts): pending review, or approved and published on no platform.
 * Published, partly published, rejected, failed and deleted posts are not.
 */
export function isPendingSchedulePost(post: { status: PostStatus; publications: Record<string, PlatformOutcome>; deletedAt: Date | null }): boolean {
  if (post.deletedAt !== null) return false;
  if (post.status === 'pending_review') return true;
  return post.status === 'approved' && !Object.values(post.publications).some((outcome) => outcome.status === 'published');
}

/**
 * A pending post once its schedule's content settings changed: its
 * platforms and media type are the schedule's; fixed text is the schedule's
 * new text, generated text stays (Regenerate writes it anew from the new
 * settings, kept as its original request); media are the schedule's own, or
 * its AI media while the type stays, or none.
 */
export function followedContent(
  post: PublishedFields,
  settings: SchedulePostSettings,
): Pick<PublishedFields, 'content' | 'platforms' | 'mediaType' | 'mediaPaths'> {
  const keepsItsMedia = settings.generateMedia && settings.mediaType === post.mediaType;
  return {
    content: settings.specificContent ?? post.content,
    platforms: settings.platforms,
    mediaType: settings.mediaType,
    mediaPaths: settings.specificMediaPaths.length > 0 ? settings.specificMediaPaths : keepsItsMedia ? post.mediaPaths : [],
  };
}
