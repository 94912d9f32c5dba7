import { CONNECTION_CREDENTIALS_BATCH_SUBJECT, PostRequests, type ConnectionCredentialsBatch, type ConnectionPlatform, type PostForPublishing } from '@planner/contracts';
import { ask, Batcher } from '@planner/service-kit';
import type { PublishedPost, PublishHandle } from '../adapters/platforms/index.js';
import type { SchedulerContext } from '../context.js';
import { LEASE_RENEW_MS } from '../domain/publishing.js';
import { claimPublications, recordPublishedBatch, rememberHandles, renewLeases, type ClaimAnswer, type ClaimRequest, type Held } from './publication-records.js';

/** A connection's credentials with whether its organization is active, or why there are none. */
export type ConnectionAccess = ConnectionCredentialsBatch['items'][number];

/**
 * The round trips a worker's publications share (ARCHITECTURE §15): the jobs
 * that run at once claim together, read their posts and credentials with one
 * request each, mark their create calls and record their outcomes in one
 * statement each. A job alone is not delayed; under load, round trips and
 * transactions amortise over the batch.
 */
export interface PublishBatches {
  claim: Batcher<ClaimRequest, ClaimAnswer>;
  /** The post as it stands, or null once deleted. */
  post: Batcher<string, PostForPublishing | null>;
  access: Batcher<{ organizationId: string; platform: ConnectionPlatform }, ConnectionAccess>;
  /** False when the hold was lost. */
  remember: Batcher<{ held: Held; values: PublishHandle }, boolean>;
  /** False when the hold was lost. */
  published: Batcher<{ held: Held; published: PublishedPost; detail: string | null }, boolean>;
  /** The publications this worker holds: their leases are renewed together. */
  holds: Set<Held>;
}

const made = new WeakMap<SchedulerContext, PublishBatches>();

/** The context's batches, made once. */
export function publishBatches(ctx: SchedulerContext): PublishBatches {
  let batches = made.get(ctx);
  if (!batches) {
    batches = {
      claim: new Batcher((requests) => claimPublications(ctx, requests), { maxInFlight: 2 }),
      post: new Batcher((postIds) => postsForPublishing(ctx, postIds), { maxInFlight: 4 }),
      access: new Batcher(
        async (items) =>
          (await ask(ctx, CONNECTION_CREDENTIALS_BATCH_SUBJECT, { items: items.map((item) => ({ organization_id: item.organizationId, platform: item.platform })) })).items,
        { maxInFlight: 4 },
      ),
      remember: new Batcher((changes) => rememberHandles(ctx, changes), { maxInFlight: 2 }),
      published: new Batcher((results) => recordPublishedBatch(ctx, results), { maxInFlight: 2 }),
      holds: new Set(),
    };
    keepLeases(ctx, batches.holds);
    made.set(ctx, batches);
  }
  return batches;
}

/** Renews the leases of what the worker holds every LEASE_RENEW_MS, in one statement, for as long as the process lives. */
function keepLeases(ctx: SchedulerContext, holds: ReadonlySet<Held>): void {
  const timer = setInterval(() => {
    renewLeases(ctx, [...holds]).catch((error: unknown) => ctx.logger.warn({ err: error, held: holds.size }, 'leases not renewed'));
  }, LEASE_RENEW_MS);
  timer.unref();
}

/** The posts of these ids, in their order (null for a deleted one), asking again for what did not fit in one answer. */
async function postsForPublishing(ctx: SchedulerContext, postIds: readonly string[]): Promise<Array<PostForPublishing | null>> {
  const found = new Map<string, PostForPublishing>();
  let asking = [...new Set(postIds)];
  while (asking.length > 0) {
    const { posts, remaining } = await ask(ctx, PostRequests.getForPublishing, { post_ids: asking });
    for (const post of posts) found.set(post.id, post);
    asking = remaining;
  }
  return postIds.map((id) => found.get(id) ?? null);
}
