import { consume } from '@planner/service-kit';
import { recordOutcome } from '../commands/publication.js';

/**
 * The scheduler's outcome per (post, platform): the post is published when
 * every platform is, failed when one failed for good or is in doubt. They
 * come in bursts (a campaign, the top of an hour): those that arrive together
 * commit in one transaction.
 */
const together = { maxBatch: 50 };

export const publicationOutcomes = [
  consume('scheduler.post.published', async ({ postId, platform, link, publishedAt, notice }, { manager }) => {
    await recordOutcome(manager, postId, { platform, status: 'published', link, notice }, new Date(publishedAt));
  }, together),
  consume('scheduler.post.publish_failed', async ({ postId, platform, reason }, { manager, envelope }) => {
    await recordOutcome(manager, postId, { platform, status: 'failed', reason }, new Date(envelope.occurredAt));
  }, together),
  consume('scheduler.post.publish_in_doubt', async ({ postId, platform, reason }, { manager, envelope }) => {
    await recordOutcome(manager, postId, { platform, status: 'in_doubt', reason }, new Date(envelope.occurredAt));
  }, together),
];
