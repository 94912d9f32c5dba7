import type { PublicationState } from '@planner/contracts';

/**
 * How long a worker's hold on a publication lasts without renewal: past it,
 * the worker is presumed dead and another takes over (after asking the
 * platform). Short, so a killed worker's posts are late by seconds; a live
 * worker stalled longer than this is taken over too, which the fencing and the
 * platform check make safe. BullMQ's own lock on the job (PUBLISH_JOB_LOCK_MS)
 * is shorter still, so the job is back with a live worker by the time the
 * lease has run out.
 */
export const LEASE_MS = 5_000;
/** How often a worker renews the holds it keeps (all in one statement; long uploads outlive one lease). */
export const LEASE_RENEW_MS = 1_500;
/** BullMQ's lock on a running job (renewed at half of it), and how often a worker looks for jobs whose worker died. */
export const PUBLISH_JOB_LOCK_MS = 4_000;
export const STALLED_CHECK_MS = 2_000;

/**
 * The BullMQ job id of one queueing of a publication: post id, version and
 * platform (ARCHITECTURE §5), and the cycle, so that queueing it again (a
 * reschedule, the user's retry) is a new job and the old one finds nothing to do.
 */
export function publishJobId(publication: { postId: string; version: number; platform: string; cycle: number }): string {
  return `${publication.postId}.${publication.version}.${publication.platform}.${publication.cycle}`;
}

/**
 * The wait before retry number `failures` (1-based) after a transient error:
 * 15 s, 1 min, 4 min, 16 min… capped at 1 h, with jitter (the lower half
 * drawn at random) so that a burst refused together does not return together;
 * never sooner than the platform asked (`atLeastMs`).
 */
export function retryDelayMs(failures: number, random: number, atLeastMs = 0): number {
  const ceiling = Math.min(15_000 * 4 ** Math.max(0, failures - 1), 3_600_000);
  return Math.max(Math.round(ceiling / 2 + (ceiling / 2) * random), atLeastMs);
}

/** A rate-limit wait longer than this past the due time fails the publication instead of waiting on. */
export const MAX_RATE_LIMIT_WAIT_MS = 24 * 3_600_000;

/** What follows a failed attempt: wait for the rate limit, try (or check) again later, or settle. */
export type FailureVerdict = 'wait' | 'retry' | 'fail' | 'in_doubt';

/**
 * What follows an attempt that failed with an error of `kind`, as its
 * `failures`-th failure (this one counted) of `maxAttempts`. Once a create
 * request may have reached the platform (`createMayHaveReached`: the call was
 * started and not refused), the post may be live, so no error settles it as
 * failed, which would offer a Retry that posts twice: not a refused token, not
 * a refusal while checking (Meta's code 100 / subcode 33 on a container read),
 * not a 5xx or a timeout. It is checked again later, and in doubt once the
 * attempts are spent.
 */
export function verdictAfterFailure(kind: 'transient' | 'rate_limited' | 'auth' | 'permanent', failures: number, maxAttempts: number, createMayHaveReached: boolean): FailureVerdict {
  if (kind === 'rate_limited') return 'wait';
  const spent = failures >= maxAttempts;
  if (createMayHaveReached) return spent ? 'in_doubt' : 'retry';
  return kind === 'transient' && !spent ? 'retry' : 'fail';
}

/** The part of a publication whose state these rules read. */
export interface PublicationStatus {
  state: PublicationState;
  handle: { creating?: unknown };
}

/**
 * Held by a worker that has not yet marked its create call (preparing, or
 * waiting for the time, see PUBLISH_AHEAD_MS): a change can still stop it, since the worker's
 * next write, the mark, is fenced by the state and then fails.
 */
function stoppable({ state, handle }: PublicationStatus): boolean {
  return state === 'publishing' && !handle.creating;
}

/**
 * What a new request to publish (this version) does to a publication already
 * there; `dueAt` is the time asked for, absent for now.
 */
export function onPublishRequested(publication: PublicationStatus & { dueAt: Date }, dueAt: Date | null): 'queue_again' | 'reschedule' | 'keep' {
  // Being prepared: only a new time changes anything (a copy of the request, or "now", leaves it be).
  if (stoppable(publication)) return dueAt && dueAt.getTime() !== publication.dueAt.getTime() ? 'reschedule' : 'keep';
  switch (publication.state) {
    case 'withdrawn':
    case 'failed':
    case 'in_doubt':
      // Approved again, or the user's Retry (an in-doubt one: they checked the account).
      return 'queue_again';
    case 'queued':
      return 'reschedule';
    case 'publishing':
    case 'published':
      return 'keep';
  }
}

/**
 * Whether a withdrawal (the post rejected, sent back, deleted, superseded)
 * stops it: one whose create call may have been made cannot be stopped, and
 * one published stays published.
 */
export function isWithdrawable(publication: PublicationStatus): boolean {
  return ['queued', 'failed', 'in_doubt'].includes(publication.state) || stoppable(publication);
}

export type Claim =
  /** Take it: fresh, or taking over from a worker that died (`interrupted`: it had started the create call). */
  | { kind: 'take'; interrupted: boolean }
  /** Another worker holds it until `until`. */
  | { kind: 'busy'; until: Date }
  /** Nothing to do: done, withdrawn, or this job is from an earlier queueing. */
  | { kind: 'stale' };

/**
 * When a publication due at `dueAt` goes out: at the end of its tick (ticks of
 * `tickMs` from the epoch), so that every worker releases a tick's
 * publications at the same moment.
 */
export function releaseTime(dueAt: Date, tickMs: number): number {
  return Math.ceil(dueAt.getTime() / tickMs) * tickMs;
}

/** How much earlier than it is meant to (`aheadMs` before its time) a job may run: BullMQ's delays are not to the millisecond. */
const EARLY_TOLERANCE_MS = 1000;

/** Whether a worker holding job `cycle` may take the publication now. */
export function claimOf(
  publication: { state: PublicationState; cycle: number; nextAttemptAt: Date; leaseUntil: Date | null; handle: Record<string, unknown> },
  cycle: number,
  now: Date,
  /** How long before its time a job runs, to be prepared by then (PUBLISH_AHEAD_MS). */
  aheadMs: number,
): Claim {
  if (publication.cycle !== cycle) return { kind: 'stale' };
  if (publication.state === 'queued') {
    // A job early for its time (a wait recorded after the job was moved) runs at the recorded time.
    const runsAt = publication.nextAttemptAt.getTime() - aheadMs;
    if (runsAt > now.getTime() + EARLY_TOLERANCE_MS) return { kind: 'busy', until: new Date(runsAt) };
    return { kind: 'take', interrupted: Boolean(publication.handle.creating) };
  }
  if (publication.state !== 'publishing') return { kind: 'stale' };
  if (publication.leaseUntil && publication.leaseUntil > now) return { kind: 'busy', until: publication.leaseUntil };
  return { kind: 'take', interrupted: Boolean(publication.handle.creating) };
}
