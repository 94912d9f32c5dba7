import { In, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { PublishingMessages, type EventData } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import { isWithdrawable, onPublishRequested } from '../domain/publishing.js';
import { PublicationAttempt } from '../entities/publication-attempt.entity.js';
import { Publication } from '../entities/publication.entity.js';
import { enqueuePublications } from './publish-queue.js';
import type { SchedulerConfig } from '../config.js';

/**
 * Records a request to publish one version of a post (posts'
 * `publish_requested`): one publication per platform, queued for its time;
 * a newer version supersedes queued older ones. The jobs are added once the
 * transaction commits; should that fail, the sweep adds them.
 */
export async function queuePublications(ctx: ServiceContext<SchedulerConfig>, manager: EntityManager, request: EventData<'posts.post.publish_requested'>): Promise<void> {
  const dueAt = request.dueAt ? new Date(request.dueAt) : new Date();
  const repository = manager.getRepository(Publication);
  // Locked, so a worker's claim and this change of the same rows take turns.
  const existing = await repository.find({ where: { postId: request.postId }, lock: { mode: 'pessimistic_write' } });
  const toQueue: Publication[] = [];

  await stopPublications(manager, existing.filter((older) => older.version < request.version && isWithdrawable(older)), PublishingMessages.superseded);
  for (const platform of request.platforms) {
    const publication = existing.find((row) => row.version === request.version && row.platform === platform);
    if (!publication) {
      toQueue.push(
        await repository.save(
          repository.create({ postId: request.postId, organizationId: request.organizationId, version: request.version, platform, state: 'queued', dueAt, nextAttemptAt: dueAt }),
        ),
      );
      continue;
    }
    const action = onPublishRequested(publication, request.dueAt ? dueAt : null);
    if (action === 'keep') continue;
    // A worker preparing it (held, create call not yet marked) finds it taken back at its next write.
    if (publication.state === 'publishing') await closeOpenAttempts(manager, [publication.id], PublishingMessages.rescheduled);
    Object.assign(publication, { state: 'queued', dueAt, nextAttemptAt: dueAt, cycle: publication.cycle + 1, reason: null, leaseUntil: null });
    if (action === 'queue_again') Object.assign(publication, { failures: 0, handle: {} });
    toQueue.push(await repository.save(publication));
  }
  afterCommit(manager, () => enqueuePublications(ctx, toQueue).catch((error: unknown) => ctx.logger.warn({ err: error, postId: request.postId }, 'publish jobs not queued; the sweep will')));
}

/** Stops what has not gone out of a post (rejected, sent back to review, deleted): its jobs then find nothing to do. */
export function withdrawPublications(manager: EntityManager, postId: string, reason: string): Promise<void> {
  return withdrawWhere(manager, { postId }, reason);
}

/** A deleted organization: nothing of it is published any more. */
export function withdrawOrganizationPublications(manager: EntityManager, organizationId: string): Promise<void> {
  return withdrawWhere(manager, { organizationId }, PublishingMessages.deleted);
}

/** Locks the publications `where` finds and withdraws those not yet (possibly) out. */
async function withdrawWhere(manager: EntityManager, where: FindOptionsWhere<Publication>, reason: string): Promise<void> {
  const publications = await manager.getRepository(Publication).find({ where, lock: { mode: 'pessimistic_write' } });
  await stopPublications(manager, publications.filter(isWithdrawable), reason);
}

/** Withdraws these publications (locked by the caller); a worker preparing one finds it taken back at its next write. */
async function stopPublications(manager: EntityManager, publications: readonly Publication[], reason: string): Promise<void> {
  if (publications.length === 0) return;
  const ids = publications.map((publication) => publication.id);
  await closeOpenAttempts(manager, ids, reason);
  await manager.getRepository(Publication).update({ id: In(ids) }, { state: 'withdrawn', reason, leaseUntil: null });
}

/** The attempts of workers stopped before their create call end as withdrawn, with why. */
async function closeOpenAttempts(manager: EntityManager, publicationIds: readonly string[], detail: string): Promise<void> {
  await manager.getRepository(PublicationAttempt).update({ publicationId: In([...publicationIds]), finishedAt: IsNull() }, { outcome: 'withdrawn', detail, finishedAt: new Date() });
}
