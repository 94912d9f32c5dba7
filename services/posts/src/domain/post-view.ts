import type { PostView } from '@planner/contracts';
import type { Post } from '../entities/post.entity.js';

/** A post as the API shows it (part 2 §3): platforms and media paths comma-separated. */
export function toPostView(post: Post): PostView {
  return {
    id: post.id,
    organization_id: post.organizationId,
    status: post.status,
    scheduled_time: post.scheduledTime?.toISOString() ?? null,
    platforms: post.platforms.join(','),
    media_type: post.mediaType,
    media_paths: post.mediaPaths.join(','),
    content: post.content,
    review_notes: post.reviewNotes,
    auto_schedule_id: post.autoScheduleId,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}
