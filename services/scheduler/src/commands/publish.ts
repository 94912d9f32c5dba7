import { CONNECTION_CREDENTIALS_SUBJECT, PLATFORM_DISPLAY_NAMES, PublishingMessages, type ConnectionCredentials, type PostForPublishing } from '@planner/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ask, HttpError } from '@planner/service-kit';
import { PlatformError, type PlatformAdapter, type PublishablePost, type PublishedPost, type PublishHandle, type PublishSteps } from '../adapters/platforms/index.js';
import type { SchedulerContext } from '../context.js';
import { MAX_RATE_LIMIT_WAIT_MS, releaseTime, retryDelayMs, verdictAfterFailure } from '../domain/publishing.js';
import { mediaFactsOf } from '../domain/post-check.js';
import { clearInterrupted, LostHoldError, recordRequeued, recordSettled, recordWithdrawn, type Held } from './publication-records.js';
import { publishBatches, type ConnectionAccess } from './publish-batches.js';
import { recordPublishLateness } from './publishing-metrics.js';
import type { PublishJob } from './publish-queue.js';
import { takePublishSlot } from './rate-limits.js';

/** What the worker does with the job afterwards: nothing more, or run it again at `at`. */
export type PublishOutcome = { kind: 'done' } | { kind: 'later'; at: Date };

const DONE: PublishOutcome = { kind: 'done' };

/**
 * Publishes one publication (ARCHITECTURE §5): takes it, re-checks that the
 * post is still approved and unchanged and its organization active, takes
 * fresh credentials, waits for the connection's rate limit, finds out first
 * whether an interrupted attempt's post went out, then publishes through the
 * platform's adapter and records the outcome with its event.
 */
export async function publishPublication(ctx: SchedulerContext, job: PublishJob, signal: AbortSignal): Promise<PublishOutcome> {
  const claim = await publishBatches(ctx).claim.run(job);
  if (!('publication' in claim)) return claim.kind === 'busy' ? { kind: 'later', at: claim.until } : DONE;
  const held = claim;
  const { holds } = publishBatches(ctx);
  holds.add(held);
  try {
    return await publishHeld(ctx, held, signal);
  } catch (error) {
    if (error instanceof LostHoldError) {
      ctx.logger.warn({ publicationId: held.publication.id, attempt: held.attempt }, 'publication no longer held: withdrawn or rescheduled before its create call, or taken over after the lease ran out');
      return DONE;
    }
    return await afterFailure(ctx, held, error);
  } finally {
    holds.delete(held);
  }
}

async function publishHeld(ctx: SchedulerContext, held: Held, signal: AbortSignal): Promise<PublishOutcome> {
  const { publication } = held;
  const batches = publishBatches(ctx);
  const [post, access] = await Promise.all([
    batches.post.run(publication.postId),
    batches.access.run({ organizationId: publication.organizationId, platform: publication.platform }),
  ]);
  if (!post) return settleWithdrawn(ctx, held, PublishingMessages.deleted);
  // 'failed' too: another platform of the same post failing must not stop this one.
  if (post.status !== 'approved' && post.status !== 'failed') return settleWithdrawn(ctx, held, PublishingMessages.notApproved);
  if (post.version !== publication.version) return settleWithdrawn(ctx, held, PublishingMessages.superseded);
  if ('credentials' in access && !access.organization_active) return settle(ctx, held, 'failed', PublishingMessages.organizationInactive);

  let credentials = credentialsOfAccess(access);
  if (typeof credentials === 'string') return settle(ctx, held, 'failed', credentials);
  const adapter = adapterFor(ctx, held, credentials);
  const publishable = publishableOf(post);
  const refusal = adapter.check(publishable);
  if (refusal) return settle(ctx, held, 'failed', refusal);

  if (held.interrupted) {
    const check = await adapter.recover({ post: publishable, credentials, handle: publication.handle, signal });
    if (check.status === 'published') {
      return published(ctx, held, check.published, 'Found published by asking the platform after an interrupted attempt.');
    }
    if (check.status === 'unknown') return settle(ctx, held, 'in_doubt', PublishingMessages.inDoubt(PLATFORM_DISPLAY_NAMES[publication.platform]));
    await clearInterrupted(ctx, held);
  }

  // Prepared ahead of its time (PUBLISH_AHEAD_MS): the create call waits for it, and goes with the others of its tick.
  const early = releaseTime(publication.nextAttemptAt, ctx.config.PUBLISH_TICK_MS) - Date.now();
  if (early > 0) await sleep(early);

  const waitMs = await takePublishSlot(
    ctx.redis,
    `${publication.platform}:${publication.organizationId}`,
    await adapter.rateWindows(credentials, signal, publishable),
    `${publication.id}:${held.attempt}`,
  );
  if (waitMs > 0) return waitForRateLimit(ctx, held, waitMs);

  const steps = stepsOf(ctx, held);
  try {
    return await published(ctx, held, await adapter.publish({ post: publishable, credentials, steps, signal }));
  } catch (error) {
    // A token refused after the create call may have reached the platform is no reason to send it again: checked later instead.
    if (!(error instanceof PlatformError) || error.kind !== 'auth' || createMayHaveReached(held)) throw error;
    // The platform refused the token: refreshed once, then tried once more; refused again, it fails below.
    credentials = await refreshedCredentials(ctx, held);
    if (typeof credentials === 'string') return settle(ctx, held, 'failed', credentials);
    return await published(ctx, held, await adapter.publish({ post: publishable, credentials, steps, signal }));
  }
}

async function published(ctx: SchedulerContext, held: Held, published: PublishedPost, detail: string | null = null): Promise<PublishOutcome> {
  if (!(await publishBatches(ctx).published.run({ held, published, detail }))) throw new LostHoldError();
  recordPublishLateness(ctx, held.publication);
  return DONE;
}

/** The credentials of a batch's answer, or the reason there are none (not connected, connect again) in the organizations service's words. */
function credentialsOfAccess(access: ConnectionAccess): ConnectionCredentials | string {
  if ('credentials' in access) return access.credentials;
  if (access.error.status_code >= 400 && access.error.status_code < 500) return access.error.message;
  throw new HttpError(access.error.status_code, access.error.message);
}

/** Credentials refreshed now (the platform refused the token), or the reason there are none. */
async function refreshedCredentials(ctx: SchedulerContext, held: Held): Promise<ConnectionCredentials | string> {
  try {
    return await ask(ctx, CONNECTION_CREDENTIALS_SUBJECT, { organization_id: held.publication.organizationId, platform: held.publication.platform, refresh: true });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) return error.message;
    throw error;
  }
}

function adapterFor(ctx: SchedulerContext, held: Held, credentials: ConnectionCredentials): PlatformAdapter {
  held.publication.sandbox = credentials.sandbox;
  return (credentials.sandbox ? ctx.adapters.sandbox : ctx.adapters.platforms)[held.publication.platform];
}

function publishableOf(post: PostForPublishing): PublishablePost {
  return {
    postId: post.id,
    organizationId: post.organization_id,
    version: post.version,
    text: post.content,
    mediaType: post.media_type,
    media: post.media.map(({ url, content_type, facts, jpeg_url }) => ({
      url,
      contentType: content_type,
      ...(facts && { facts: mediaFactsOf(facts) }),
      ...(jpeg_url && { jpegUrl: jpeg_url }),
    })),
    options: post.platform_options,
  };
}

/** The adapter's record of its steps: handles written before it goes on, and the create call marked before it is made. */
function stepsOf(ctx: SchedulerContext, held: Held): PublishSteps {
  return {
    get handle() {
      return held.publication.handle;
    },
    remember: (values) => remember(ctx, held, values),
    create: async (call) => {
      await remember(ctx, held, { creating: new Date().toISOString(), sandbox: held.publication.sandbox });
      try {
        return await call();
      } catch (error) {
        // A refusal certainly created nothing: the marker goes, so the next attempt need not ask the platform first.
        if (error instanceof PlatformError && error.kind !== 'transient') await clearInterrupted(ctx, held);
        throw error;
      }
    },
  };
}

async function remember(ctx: SchedulerContext, held: Held, values: PublishHandle): Promise<void> {
  if (!(await publishBatches(ctx).remember.run({ held, values }))) throw new LostHoldError();
}

async function settle(ctx: SchedulerContext, held: Held, state: 'failed' | 'in_doubt', reason: string): Promise<PublishOutcome> {
  await recordSettled(ctx, held, state, reason);
  return DONE;
}

async function settleWithdrawn(ctx: SchedulerContext, held: Held, reason: string): Promise<PublishOutcome> {
  await recordWithdrawn(ctx, held, reason);
  return DONE;
}

async function waitForRateLimit(ctx: SchedulerContext, held: Held, waitMs: number, mayBeLive = createMayHaveReached(held)): Promise<PublishOutcome> {
  const { publication } = held;
  const platform = PLATFORM_DISPLAY_NAMES[publication.platform];
  const at = new Date(Date.now() + waitMs);
  if (at.getTime() - publication.dueAt.getTime() > MAX_RATE_LIMIT_WAIT_MS) {
    return mayBeLive ? settle(ctx, held, 'in_doubt', PublishingMessages.inDoubt(platform)) : settle(ctx, held, 'failed', PublishingMessages.rateLimitedTooLong(platform));
  }
  await recordRequeued(ctx, held, at, 'waiting', PublishingMessages.waitingForRateLimit(platform, at.toISOString()));
  return { kind: 'later', at };
}

/** The create call was started and not refused (steps.create clears its marker on a refusal): the post may be live. */
const createMayHaveReached = (held: Held): boolean => Boolean(held.publication.handle.creating);

/**
 * After an attempt failed: a rate limit waits, a refusal fails for good, a
 * transient error is retried with back-off until the budget is spent; then
 * it fails. Once the create call may have reached the platform, every error
 * is checked again later and ends in doubt, never failed (verdictAfterFailure).
 */
async function afterFailure(ctx: SchedulerContext, held: Held, error: unknown): Promise<PublishOutcome> {
  const platformError =
    error instanceof PlatformError
      ? error
      : new PlatformError('transient', 'Publishing stopped on an unexpected error. It will be tried again.', { cause: error });
  if (!(error instanceof PlatformError)) ctx.logger.error({ err: error, publicationId: held.publication.id }, 'unexpected error while publishing');
  const platform = PLATFORM_DISPLAY_NAMES[held.publication.platform];
  const failures = held.publication.failures + 1;
  const mayBeLive = createMayHaveReached(held) && !platformError.options.nothingCreated;
  switch (verdictAfterFailure(platformError.kind, failures, ctx.config.PUBLISH_MAX_ATTEMPTS, mayBeLive)) {
    case 'wait':
      return waitForRateLimit(ctx, held, platformError.retryAfterMs ?? 60_000, mayBeLive);
    case 'in_doubt':
      return settle(ctx, held, 'in_doubt', PublishingMessages.inDoubt(platform));
    case 'fail':
      if (platformError.kind === 'auth') return settle(ctx, held, 'failed', PublishingMessages.tokenRefused(platform));
      if (platformError.kind === 'permanent') return settle(ctx, held, 'failed', platformError.message);
      return settle(ctx, held, 'failed', PublishingMessages.gaveUp(platformError.message, failures));
    case 'retry': {
      const at = new Date(Date.now() + retryDelayMs(failures, Math.random(), platformError.retryAfterMs));
      await recordRequeued(ctx, held, at, 'retry', PublishingMessages.retrying(platformError.message, at.toISOString()));
      return { kind: 'later', at };
    }
  }
}
