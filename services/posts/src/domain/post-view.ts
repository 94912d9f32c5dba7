import { PostMessages, type PostView } from '@planner/contracts';
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
    version: post.version,
    publications: post.publications,
    posted_links: postedLinks(post.publications),
    original_request: post.originalRequest,
    missed_slot: missedSlot(post, new Date()) ? PostMessages.missedSlot : null,
    platform_options: post.platformOptions,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}

/** The links of the platforms a post went out on, in platform order. */
export function postedLinks(publications: Post['publications']): string[] {
  return Object.keys(publications)
    .sort()
    .flatMap((platform) => {
      const outcome = publications[platform]!;
      return outcome.status === 'published' && outcome.link ? [outcome.link] : [];
    });
}

/**
 * Whether an auto-schedule's post missed its slot: its time came while it
 * was still pending review, so nothing asked for it to be published (part 2
 * §4); approving it asks for a new time.
 */
export function missedSlot(post: Pick<Post, 'status' | 'autoScheduleId' | 'scheduledTime'>, now: Date): boolean {
  return post.status === 'pending_review' && post.autoScheduleId !== null && post.scheduledTime !== null && post.scheduledTime.getTime() <= now.getTime();
}
