import type { ConnectionPlatform, PostStatus, PostView } from '@planner/contracts';

/** A post's status as the pages name it (the review, the calendar, the statistics), in the review's order. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  pending_review: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  failed: 'Failed',
};

/**
 * Whether a post waits to be published on a platform the organization is no longer connected to
 * (its platforms map, keyed by the upper-cased platform, as GET /organizations/:id gives it; unknown: false).
 */
export function queuedWithoutConnection(post: Pick<PostView, 'publications'>, platform: ConnectionPlatform, connections: Record<string, { is_connected: boolean }> | undefined): boolean {
  if (!connections || post.publications[platform]?.status !== 'queued') return false;
  return connections[platform.toUpperCase()]?.is_connected !== true;
}
