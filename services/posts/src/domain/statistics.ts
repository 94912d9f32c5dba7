import { POST_STATUSES, type PostStatistics, type PostStatus } from '@planner/contracts';

/** Posts of one status: those in the lists, those deleted, and how many of the listed carry media. */
export interface StatusCount {
  status: PostStatus;
  live: number;
  deleted: number;
  withMedia: number;
}

/** Posts naming one platform: those in the lists, and those published (deleted ones too). */
export interface PlatformCount {
  platform: string;
  live: number;
  published: number;
}

/**
 * An organization's post statistics (part 2 §3 Statistics) from its counts by
 * status and by platform. Deleted posts count only as deleted_posts, except
 * that a publication stays a publication after its post is deleted here.
 */
export function postStatistics(byStatus: StatusCount[], byPlatform: PlatformCount[], now: Date): PostStatistics {
  const posts_by_status = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<PostStatus, number>;
  let deleted = 0;
  let withMedia = 0;
  let published = 0;
  for (const row of byStatus) {
    posts_by_status[row.status] += row.live;
    deleted += row.deleted;
    withMedia += row.withMedia;
    if (row.status === 'published') published += row.live + row.deleted;
  }
  const total = POST_STATUSES.reduce((sum, status) => sum + posts_by_status[status], 0);
  return {
    total_posts: total,
    deleted_posts: deleted,
    successful_publications: published,
    posts_with_media: withMedia,
    posts_text_only: total - withMedia,
    posts_by_status,
    platforms_usage: Object.fromEntries(byPlatform.filter((row) => row.live > 0).map((row) => [row.platform, row.live])),
    successful_publications_by_platform: Object.fromEntries(byPlatform.filter((row) => row.published > 0).map((row) => [row.platform, row.published])),
    last_updated: now.toISOString(),
  };
}
