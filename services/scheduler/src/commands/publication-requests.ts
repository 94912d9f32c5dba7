import { In, type EntityManager } from 'typeorm';
import { PublishingMessages, type EventData } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { afterCommit } from '@planner/service-kit/data';
import { onPublishRequested, WITHDRAWABLE } from '../domain/publishing.js';
import { Publication } from '../entities/publication.entity.js';
import { enqueuePublications } from './publish-queue.js';

/**
 * Records a request to publish one version of a post (posts'
 * `publish_requested`): one publication per platform, queued for its time;
 * a newer version supersedes queued older ones. The jobs are added once the
 * transaction commits; should that fail, the sweep adds them.
 */
export async function queuePublications(ctx: ServiceContext, manager: EntityManager, request: EventData<'posts.post.publish_requested'>): Promise<void> {
  const dueAt = request.dueAt ? new Date(request.dueAt) : new Date();
  const repository = manager.getRepository(Publication);
  // Locked, so a worker's claim and this change of the same rows take turns.
  const existing = await repository.find({ where: { postId: request.postId }, lock: { mode: 'pessimistic_write' } });
  const toQueue: Publication[] = [];

  for (const older of existing) {
    if (older.version < request.version && WITHDRAWABLE.includes(older.state)) {
      Object.assign(older, { state: 'withdrawn', reason: PublishingMessages.superseded });
      await repository.save(older);
    }
  }
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
    const action = onPublishRequested(publication.state);
    if (action === 'keep') continue;
    Object.assign(publication, { state: 'queued', dueAt, nextAttemptAt: dueAt, cycle: publication.cycle + 1, reason: null });
    if (action === 'queue_again') Object.assign(publication, { failures: 0, handle: {}, leaseUntil: null });
    toQueue.push(await repository.save(publication));
  }
  afterCommit(manager, () => enqueuePublications(ctx, toQueue).catch((error: unknown) => ctx.logger.warn({ err: error, postId: request.postId }, 'publish jobs not queued; the sweep will')));
}

/** Stops what has not gone out of a post (rejected, sent back to review, deleted): its jobs then find nothing to do. */
export async function withdrawPublications(manager: EntityManager, postId: string, reason: string): Promise<void> {
  await manager.getRepository(Publication).update({ postId, state: In([...WITHDRAWABLE]) }, { state: 'withdrawn', reason, leaseUntil: null });
}
