import { hostname } from 'node:os';
import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import { claimOf, LEASE_MS, type Claim } from '../domain/publishing.js';
import { PublicationAttempt, type AttemptOutcome } from '../entities/publication-attempt.entity.js';
import { Publication } from '../entities/publication.entity.js';
import type { PublishHandle, PublishedPost } from '../adapters/platforms/index.js';

const WORKER = `${hostname()}:${process.pid}`.slice(0, 100);

/** A publication a worker holds: `attempt` is its fencing token (every later write checks it). */
export interface Held {
  publication: Publication;
  attempt: number;
  interrupted: boolean;
}

/**
 * Takes a publication for this job, under a row lock, writing the attempt
 * down before anything is called: two workers, a re-delivered job or a stale
 * one cannot both take it.
 */
export async function claimPublication(ctx: ServiceContext, publicationId: string, cycle: number, now = new Date()): Promise<Held | Exclude<Claim, { kind: 'take' }>> {
  return ctx.dataSource.transaction(async (manager) => {
    const publication = await manager.getRepository(Publication).findOne({ where: { id: publicationId }, lock: { mode: 'pessimistic_write' } });
    if (!publication) return { kind: 'stale' as const };
    const claim = claimOf(publication, cycle, now);
    if (claim.kind !== 'take') return claim;
    publication.state = 'publishing';
    publication.attempts += 1;
    publication.leaseUntil = new Date(now.getTime() + LEASE_MS);
    await manager.save(publication);
    await manager.insert(PublicationAttempt, { publicationId, number: publication.attempts, worker: WORKER, startedAt: now });
    return { publication, attempt: publication.attempts, interrupted: claim.interrupted };
  });
}

/**
 * Runs `change` on the held publication if this worker still holds it (same
 * attempt, still publishing), in one transaction; false when another took it
 * over (this worker's lease ran out).
 */
export async function whileHeld(ctx: ServiceContext, held: Held, change: (manager: EntityManager, publication: Publication) => Promise<void>): Promise<boolean> {
  return ctx.dataSource.transaction(async (manager) => {
    const publication = await manager
      .getRepository(Publication)
      .findOne({ where: { id: held.publication.id, attempts: held.attempt, state: 'publishing' }, lock: { mode: 'pessimistic_write' } });
    if (!publication) return false;
    // Learnt by this worker from the credentials; saved with whatever it records next.
    publication.sandbox = held.publication.sandbox;
    await change(manager, publication);
    held.publication = publication;
    return true;
  });
}

export async function renewLease(ctx: ServiceContext, held: Held): Promise<boolean> {
  const result = await ctx.dataSource
    .getRepository(Publication)
    .update({ id: held.publication.id, attempts: held.attempt, state: 'publishing' }, { leaseUntil: new Date(Date.now() + LEASE_MS) });
  return (result.affected ?? 0) > 0;
}

/** Records the adapter's handles (merged into what earlier steps recorded) before it goes on. */
export async function rememberHandle(ctx: ServiceContext, held: Held, values: PublishHandle): Promise<void> {
  const ok = await whileHeld(ctx, held, async (manager, publication) => {
    publication.handle = { ...publication.handle, ...values };
    await manager.save(publication);
  });
  if (!ok) throw new LostHoldError();
}

/** The worker's hold was taken over (it stalled past its lease): it must stop before calling the platform again. */
export class LostHoldError extends Error {
  constructor() {
    super('The publication was taken over by another worker');
    this.name = 'LostHoldError';
  }
}

async function finishAttempt(manager: EntityManager, held: Held, outcome: AttemptOutcome, detail: string | null): Promise<void> {
  await manager.update(PublicationAttempt, { publicationId: held.publication.id, number: held.attempt }, { outcome, detail, finishedAt: new Date() });
}

/** Published: the link recorded and `scheduler.post.published` in the outbox, together. */
export function recordPublished(ctx: ServiceContext, held: Held, published: PublishedPost, detail: string | null = null): Promise<boolean> {
  return whileHeld(ctx, held, async (manager, publication) => {
    const at = new Date();
    Object.assign(publication, { state: 'published', link: published.link, platformPostId: published.platformPostId, publishedAt: at, leaseUntil: null, reason: null });
    await manager.save(publication);
    await finishAttempt(manager, held, 'published', detail);
    await ctx.outbox.add(manager, 'scheduler.post.published', {
      postId: publication.postId,
      organizationId: publication.organizationId,
      version: publication.version,
      platform: publication.platform,
      link: published.link,
      platformPostId: published.platformPostId,
      publishedAt: at.toISOString(),
    });
  });
}

/** Failed for good, or in doubt: the reason recorded and the event for the posts service in the outbox, together. */
export function recordSettled(ctx: ServiceContext, held: Held, state: 'failed' | 'in_doubt', reason: string): Promise<boolean> {
  return whileHeld(ctx, held, async (manager, publication) => {
    Object.assign(publication, { state, reason, leaseUntil: null });
    await manager.save(publication);
    await finishAttempt(manager, held, state, reason);
    const ref = { postId: publication.postId, organizationId: publication.organizationId, version: publication.version, platform: publication.platform };
    await ctx.outbox.add(manager, state === 'failed' ? 'scheduler.post.publish_failed' : 'scheduler.post.publish_in_doubt', { ...ref, reason });
  });
}

/** Not published, and not to be: the post changed, was rejected or deleted. Posts already knows; no event. */
export function recordWithdrawn(ctx: ServiceContext, held: Held, reason: string): Promise<boolean> {
  return whileHeld(ctx, held, async (manager, publication) => {
    Object.assign(publication, { state: 'withdrawn', reason, leaseUntil: null });
    await manager.save(publication);
    await finishAttempt(manager, held, 'withdrawn', reason);
  });
}

/**
 * Back to the queue until `at`: a retry after a transient error (counts
 * against the retry budget) or a wait for a rate limit (does not). The
 * interrupted-create marker stays, so the next attempt checks before re-sending.
 */
export function recordRequeued(ctx: ServiceContext, held: Held, at: Date, kind: 'retry' | 'waiting', reason: string): Promise<boolean> {
  return whileHeld(ctx, held, async (manager, publication) => {
    Object.assign(publication, { state: 'queued', nextAttemptAt: at, leaseUntil: null, reason, failures: publication.failures + (kind === 'retry' ? 1 : 0) });
    await manager.save(publication);
    await finishAttempt(manager, held, kind, reason);
  });
}

/** The recovery check found the interrupted create did not go out: the marker is cleared and publishing goes on. */
export async function clearInterrupted(ctx: ServiceContext, held: Held): Promise<void> {
  const ok = await whileHeld(ctx, held, async (manager, publication) => {
    const { creating: _creating, ...rest } = publication.handle;
    publication.handle = rest;
    await manager.save(publication);
  });
  if (!ok) throw new LostHoldError();
}
