import type { AutoScheduleView } from '@planner/contracts';
import type { AutoSchedule } from '../entities/auto-schedule.entity.js';

/** An auto-schedule as the API shows it (part 2 §3): platforms and media comma-separated. */
export function toAutoScheduleView(schedule: AutoSchedule): AutoScheduleView {
  return {
    id: schedule.id,
    organization_id: schedule.organizationId,
    name: schedule.name,
    platforms: schedule.platforms.join(','),
    specific_media_type: schedule.specificMediaType,
    active: schedule.active,
    specific_date: schedule.specificDate?.toISOString() ?? null,
    day_of_week: schedule.dayOfWeek,
    time_of_day: schedule.timeOfDay,
    specific_content: schedule.specificContent,
    specific_media: schedule.specificMedia.join(','),
    review_post_before_publishing: schedule.reviewPostBeforePublishing,
    specific_before_post_review_time: schedule.specificBeforePostReviewTime,
    post_approved: schedule.postApproved,
    business_name: schedule.businessName,
    business_data: schedule.businessData,
    character_limit: schedule.characterLimit,
    target_character_count: schedule.targetCharacterCount,
    content_type: schedule.contentType,
    topic: schedule.topic,
    context: schedule.context,
    time_of_year: schedule.timeOfYear,
    event_details: schedule.eventDetails,
    tone: schedule.tone,
    mood: schedule.mood,
    language: schedule.language,
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}
