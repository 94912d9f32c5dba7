import type { PostStatus } from '@planner/contracts';

/** A post's status as the pages name it (the review, the calendar, the statistics), in the review's order. */
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  pending_review: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  failed: 'Failed',
};
