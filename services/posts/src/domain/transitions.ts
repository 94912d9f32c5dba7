import { needsUser, PostMessages, type PlatformOutcome, type PostStatus } from '@planner/contracts';

/**
 * What a user can do to a post (part 2 §4): approve, reject, edit (update or a
 * post-form submission with its id), clear (back to review), retry (the
 * platforms that failed) and delete.
 */
export type PostAction = 'approve' | 'reject' | 'edit' | 'clear' | 'retry' | 'delete';

export type Transition = { allowed: true; next: PostStatus } | { allowed: false; message: string };

const PAST_TENSE: Record<PostAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  edit: 'edited',
  clear: 'sent back to review',
  retry: 'retried',
  delete: 'deleted',
};

/**
 * The transitions table (part 2 §4, with the failed state issue 15 adds):
 *
 * | from \ action  | approve  | reject   | edit     | clear          | retry    | delete |
 * |----------------|----------|----------|----------|----------------|----------|--------|
 * | pending_review | approved | rejected | same     | same           | –        | yes    |
 * | approved       | same     | rejected | same     | pending_review | –        | yes    |
 * | failed         | –        | rejected | same     | –              | approved | yes    |
 * | rejected       | –        | –        | –        | –              | –        | yes    |
 * | published      | –        | –        | –        | –              | –        | yes    |
 *
 * Approving an approved post again changes nothing (a double click is not an error).
 */
export function transition(status: PostStatus, action: PostAction): Transition {
  if (action === 'delete') return { allowed: true, next: status };
  if (status === 'published' || status === 'rejected') return { allowed: false, message: PostMessages.onlyDelete(status) };
  switch (action) {
    case 'approve':
      if (status !== 'failed') return { allowed: true, next: 'approved' };
      break;
    case 'reject':
      return { allowed: true, next: 'rejected' };
    case 'edit':
      return { allowed: true, next: status };
    case 'clear':
      if (status === 'pending_review') return { allowed: true, next: status };
      if (status === 'approved') return { allowed: true, next: 'pending_review' };
      break;
    case 'retry':
      if (status === 'failed') return { allowed: true, next: 'approved' };
      break;
  }
  return { allowed: false, message: PostMessages.notAllowed(PAST_TENSE[action], status) };
}

/** One platform's outcome as the scheduler reports it. */
export type PlatformResult =
  | { platform: string; status: 'published'; link: string | null; notice?: string | null }
  | { platform: string; status: 'failed' | 'in_doubt'; reason: string };

/**
 * A post's status once a platform's outcome is in: failed as soon as one
 * platform failed for good or is in doubt, published when every platform asked for is;
 * otherwise as it was. A post sent back to review or rejected meanwhile keeps
 * its status: the outcome is recorded, the review decision stands.
 */
export function statusAfterOutcome(status: PostStatus, publications: Record<string, PlatformOutcome>): PostStatus {
  if (status !== 'approved' && status !== 'failed' && status !== 'published') return status;
  const outcomes = Object.values(publications);
  if (outcomes.some(needsUser)) return 'failed';
  if (outcomes.length > 0 && outcomes.every((outcome) => outcome.status === 'published')) return 'published';
  return status;
}

/** The publications after one platform's outcome. */
export function withOutcome(publications: Record<string, PlatformOutcome>, result: PlatformResult, at: Date): Record<string, PlatformOutcome> {
  const outcome: PlatformOutcome =
    result.status === 'published'
      ? { status: 'published', link: result.link, reason: result.notice ?? null, at: at.toISOString() }
      : { status: result.status, link: null, reason: result.reason, at: at.toISOString() };
  return { ...publications, [result.platform]: outcome };
}

/** The publications once these platforms are asked for again (queued); the others keep their outcome. */
export function withQueued(publications: Record<string, PlatformOutcome>, platforms: readonly string[], at: Date): Record<string, PlatformOutcome> {
  const next = { ...publications };
  for (const platform of platforms) next[platform] = { status: 'queued', link: null, reason: null, at: at.toISOString() };
  return next;
}

/** The platforms whose publication failed or is in doubt, to retry. */
export function failedPlatforms(publications: Record<string, PlatformOutcome>): string[] {
  return Object.keys(publications).filter((platform) => needsUser(publications[platform]!)).sort();
}

/** Whether every platform asked for has an outcome (none still queued). */
export function isSettled(publications: Record<string, PlatformOutcome>, platforms: readonly string[]): boolean {
  return platforms.every((platform) => publications[platform] && publications[platform].status !== 'queued');
}
