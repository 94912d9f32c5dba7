import type { PostStatus } from '@planner/contracts';
import { isApiError } from '@planner/remote-contract';
import type { ScheduleMode } from './post-form/submit.js';

/** The server's own words for a failure (its body's message: part 2 §5's rules, §8's errors), or null. */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** Part 2 §8: the server's message, else the action's fallback. */
export function failureText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** Not worded by the spec: what the sandbox generator wrote (answers with `sandbox: true`) is labelled so, in the editor and in Results. */
export const SANDBOX_WRITTEN = 'Written by the sandbox generator (no AI model is configured on this server).';
/** Not worded by the spec: test users see the generator without using it (part 2 §2 'view-only message'). */
export const VIEW_ONLY = 'View only: generating posts with AI is not available for this account.';
/** Not worded by the spec: an inactive organization can neither generate nor publish. */
export const INACTIVE = 'This account is inactive. Activate it on the Accounts page to generate and publish posts.';
/** Not worded by the spec: the organization has connected no platform to generate or publish for. */
export const NO_PLATFORMS = 'Connect a platform in Account Configuration to generate and publish posts.';

/**
 * Not worded by the spec: what saving an edited post does (docs/decisions/post-review.md,
 * "An edit"), said beside Save Changes or Publish Now: the publish routes approve what they
 * save, so a post pending review leaves review.
 */
export function editEffect(status: PostStatus, mode: ScheduleMode): string {
  const saving = mode === 'now' ? 'Publishing' : 'Saving';
  const when = mode === 'now' ? 'published now' : 'published at the time chosen';
  if (status === 'pending_review') return `This post is pending review. ${saving} your changes approves it: it leaves review and is ${when}.`;
  if (status === 'failed') return `This post failed to publish. ${saving} your changes approves it again: it is ${when}.`;
  return `This post is approved. ${saving} your changes keeps it approved: it is ${when}.`;
}

/**
 * Not worded by the spec: a platform's row after a submit when its outcome is in doubt
 * (docs/architecture.md §15: checked against the platform where it can be, never re-sent on its own).
 */
export const inDoubtText = (platform: string) =>
  `Not confirmed: ${platform} gave no clear answer and could not be checked, so we cannot tell whether the post went out. It is not sent again on its own, so it never shows twice. Check the account: if the post is not there, Retry.`;
