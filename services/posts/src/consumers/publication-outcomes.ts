import { consume } from '@planner/service-kit';
import { recordOutcome } from '../commands/publication.js';

/**
 * The scheduler's outcome per (post, platform): the post is published when
 * every platform is, failed when one failed for good or is in doubt.
 */
export const publicationOutcomes = [
  consume('scheduler.post.published', async ({ postId, platform, link, publishedAt, notice }, { manager }) => {
    await recordOutcome(manager, postId, { platform, status: 'published', link, notice }, new Date(publishedAt));
  }),
  consume('scheduler.post.publish_failed', async ({ postId, platform, reason }, { manager, envelope }) => {
    await recordOutcome(manager, postId, { platform, status: 'failed', reason }, new Date(envelope.occurredAt));
  }),
  consume('scheduler.post.publish_in_doubt', async ({ postId, platform, reason }, { manager, envelope }) => {
    await recordOutcome(manager, postId, { platform, status: 'in_doubt', reason }, new Date(envelope.occurredAt));
  }),
];
