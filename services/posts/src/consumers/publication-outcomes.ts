import { consumeBatch } from '@planner/service-kit';
import { recordOutcomes } from '../commands/publication.js';

/**
 * The scheduler's outcome per (post, platform): the post is published when
 * every platform is, failed when one failed for good or is in doubt. They
 * come in bursts (a campaign, the top of an hour): those that arrive together
 * are recorded together.
 */
export const publicationOutcomes = [
  consumeBatch('scheduler.post.published', (events, { manager }) =>
    recordOutcomes(
      manager,
      events.map(({ data: { postId, platform, link, publishedAt, notice } }) => ({ postId, result: { platform, status: 'published', link, notice }, at: new Date(publishedAt) })),
    ),
  ),
  consumeBatch('scheduler.post.publish_failed', (events, { manager }) =>
    recordOutcomes(
      manager,
      events.map(({ data: { postId, platform, reason }, envelope }) => ({ postId, result: { platform, status: 'failed', reason }, at: new Date(envelope.occurredAt) })),
    ),
  ),
  consumeBatch('scheduler.post.publish_in_doubt', (events, { manager }) =>
    recordOutcomes(
      manager,
      events.map(({ data: { postId, platform, reason }, envelope }) => ({ postId, result: { platform, status: 'in_doubt', reason }, at: new Date(envelope.occurredAt) })),
    ),
  ),
];
