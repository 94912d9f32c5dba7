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
    version: post.version,
    publications: post.publications,
    posted_links: postedLinks(post.publications),
    original_request: post.originalRequest,
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
