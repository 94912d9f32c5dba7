import { PublishingMessages } from '@planner/contracts';
import { consume } from '@planner/service-kit';
import { queuePublications, withdrawPublications } from '../commands/publication-requests.js';
import type { SchedulerContext } from '../context.js';

/**
 * The posts service's requests to publish a version of a post, and to stop
 * publishing it. Requests come in bursts (a campaign approved, a calendar
 * filled): those that arrive together are recorded in one transaction, and
 * their jobs added together.
 */
export const publishRequests = [
  consume<'posts.post.publish_requested', SchedulerContext>('posts.post.publish_requested', (request, { ctx, manager }) => queuePublications(ctx, manager, request), {
    maxBatch: 50,
  }),
  consume('posts.post.publish_withdrawn', ({ postId }, { manager }) => withdrawPublications(manager, postId, PublishingMessages.notApproved)),
];
