import type { PublicationView } from '@planner/contracts';
import type { PublicationAttempt } from '../entities/publication-attempt.entity.js';
import type { Publication } from '../entities/publication.entity.js';

/** A publication with its attempts, oldest first, as the API shows it (never its handle: it may hold upload URLs). */
export function toPublicationView(publication: Publication, attempts: PublicationAttempt[]): PublicationView {
  return {
    id: publication.id,
    post_id: publication.postId,
    organization_id: publication.organizationId,
    version: publication.version,
    platform: publication.platform,
    state: publication.state,
    sandbox: publication.sandbox,
    due_at: publication.dueAt.toISOString(),
    link: publication.link,
    platform_post_id: publication.platformPostId,
    reason: publication.reason,
    missed: publication.missed,
    published_at: publication.publishedAt?.toISOString() ?? null,
    attempts: attempts
      .sort((a, b) => a.number - b.number)
      .map((attempt) => ({
        number: attempt.number,
        started_at: attempt.startedAt.toISOString(),
        finished_at: attempt.finishedAt?.toISOString() ?? null,
        outcome: attempt.outcome,
        detail: attempt.detail,
      })),
  };
}
