import { hostname } from 'node:os';
import { In, type EntityManager } from 'typeorm';
import type { ConnectionPlatform } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import type { SchedulerContext } from '../context.js';
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

/** Which queueing of which publication a job is for. */
export interface ClaimRequest {
  publicationId: string;
  cycle: number;
}

export type ClaimAnswer = Held | Exclude<Claim, { kind: 'take' }>;

/**
 * Takes the publications of a batch of jobs under row locks, in one
 * transaction, writing each attempt down before anything is called: two
 * workers, a re-delivered job or a stale one cannot both take one.
 */
export async function claimPublications(ctx: SchedulerContext, requests: readonly ClaimRequest[], now = new Date()): Promise<ClaimAnswer[]> {
  return ctx.dataSource.transaction(async (manager) => {
    const ids = [...new Set(requests.map((request) => request.publicationId))];
    // In id order, so two workers' batches lock shared rows in the same order and never deadlock.
    const rows = await manager.getRepository(Publication).find({ where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const answers = requests.map((request): ClaimAnswer => {
      const publication = byId.get(request.publicationId);
      if (!publication) return { kind: 'stale' };
      const claim = claimOf(publication, request.cycle, now, ctx.config.PUBLISH_AHEAD_MS);
      if (claim.kind !== 'take') return claim;
      // Taken now: another job of this batch for the same publication finds it held.
      Object.assign(publication, { state: 'publishing', attempts: publication.attempts + 1, leaseUntil });
      return { publication, attempt: publication.attempts, interrupted: claim.interrupted };
    });
    const taken = answers.filter((answer): answer is Held => 'publication' in answer).map((held) => ({ id: held.publication.id, attempt: held.attempt }));
    if (taken.length > 0) {
      const rows = JSON.stringify(taken);
      await manager.query(
        `UPDATE publications p SET state = 'publishing', attempts = t.attempt, lease_until = $2, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, attempt int) WHERE p.id = t.id`,
        [rows, leaseUntil],
      );
      await manager.query(
        `INSERT INTO publication_attempts (publication_id, number, worker, started_at) SELECT t.id, t.attempt, $2, $3 FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, attempt int)`,
        [rows, WORKER, now],
      );
    }
    return answers;
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

/** Renews the leases of the publications a worker holds, in one statement (those it no longer holds are left alone). */
export async function renewLeases(ctx: ServiceContext, holds: readonly Held[], now = Date.now()): Promise<void> {
  if (holds.length === 0) return;
  await ctx.dataSource.query(
    `UPDATE publications p SET lease_until = $2 FROM jsonb_to_recordset($1::jsonb) AS h(id uuid, attempt int)
     WHERE p.id = h.id AND p.attempts = h.attempt AND p.state = 'publishing'`,
    [JSON.stringify(holds.map((held) => ({ id: held.publication.id, attempt: held.attempt }))), new Date(now + LEASE_MS)],
  );
}

/**
 * Records the adapters' handles (each merged into what its earlier steps
 * recorded) before they go on, for a batch of held publications in one
 * statement; false for one whose hold was lost.
 */
export async function rememberHandles(ctx: ServiceContext, changes: ReadonlyArray<{ held: Held; values: PublishHandle }>): Promise<boolean[]> {
  const patches = new Map<string, { id: string; attempt: number; patch: PublishHandle; sandbox: boolean }>();
  for (const { held, values } of changes) {
    const { id, sandbox } = held.publication;
    const earlier = patches.get(id);
    patches.set(id, { id, attempt: held.attempt, patch: { ...earlier?.patch, ...values }, sandbox });
  }
  // TypeORM answers an UPDATE with [rows, affected].
  const [rows]: [Array<{ id: string; handle: PublishHandle }>, number] = await ctx.dataSource.query(
    `UPDATE publications p SET handle = p.handle || c.patch, sandbox = c.sandbox, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, attempt int, patch jsonb, sandbox boolean)
     WHERE p.id = c.id AND p.attempts = c.attempt AND p.state = 'publishing'
     RETURNING p.id, p.handle`,
    [JSON.stringify([...patches.values()])],
  );
  const handles = new Map(rows.map((row) => [row.id, row.handle]));
  return changes.map(({ held }) => {
    const handle = handles.get(held.publication.id);
    if (handle) held.publication.handle = handle;
    return handle !== undefined;
  });
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

/**
 * Published: for a batch of held publications, each link recorded and its
 * `scheduler.post.published` in the outbox, in one transaction; false for one
 * whose hold was lost (another worker took it over).
 */
export function recordPublishedBatch(ctx: ServiceContext, results: ReadonlyArray<{ held: Held; published: PublishedPost; detail: string | null }>): Promise<boolean[]> {
  return ctx.dataSource.transaction(async (manager) => {
    const values = results.map(({ held, published, detail }) => ({
      id: held.publication.id,
      attempt: held.attempt,
      link: published.link,
      platform_post_id: published.platformPostId,
      sandbox: held.publication.sandbox,
      detail,
      notice: published.notice ?? null,
    }));
    const rows: Array<{ id: string; post_id: string; organization_id: string; version: number; platform: ConnectionPlatform; published_at: Date }> = await manager.query(
      `WITH c AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, attempt int, link text, platform_post_id text, sandbox boolean, detail text, notice text)),
       done AS (
         UPDATE publications p
         SET state = 'published', link = c.link, platform_post_id = c.platform_post_id, sandbox = c.sandbox,
             published_at = now(), lease_until = NULL, reason = c.notice, updated_at = now()
         FROM c WHERE p.id = c.id AND p.attempts = c.attempt AND p.state = 'publishing'
         RETURNING p.id, p.attempts, p.post_id, p.organization_id, p.version, p.platform, p.published_at
       ),
       finished AS (
         UPDATE publication_attempts a SET outcome = 'published', detail = c.detail, finished_at = now()
         FROM done JOIN c ON c.id = done.id WHERE a.publication_id = done.id AND a.number = done.attempts
       )
       SELECT id, post_id, organization_id, version, platform, published_at FROM done`,
      [JSON.stringify(values)],
    );
    const recorded = new Map(rows.map((row) => [row.id, row]));
    await ctx.outbox.addMany(
      manager,
      'scheduler.post.published',
      results.flatMap(({ held, published }) => {
        const row = recorded.get(held.publication.id);
        if (!row) return [];
        const notice = published.notice ?? null;
        Object.assign(held.publication, { state: 'published', link: published.link, platformPostId: published.platformPostId, publishedAt: row.published_at, leaseUntil: null, reason: notice });
        return [
          {
            postId: row.post_id,
            organizationId: row.organization_id,
            version: row.version,
            platform: row.platform,
            link: published.link,
            platformPostId: published.platformPostId,
            publishedAt: row.published_at.toISOString(),
            notice,
          },
        ];
      }),
    );
    return results.map(({ held }) => recorded.has(held.publication.id));
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
