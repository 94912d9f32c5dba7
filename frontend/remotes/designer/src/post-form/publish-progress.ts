import { needsUser, type ConnectionPlatform, type PostView } from '@planner/contracts';
import { platformOfName } from '@planner/ui/platform-icon';
import type { ScheduleMode } from './submit.js';

/** How often the rows ask for a post still publishing (docs/decisions/content-designer.md). */
export const PROGRESS_POLL_MS = 2000;

/**
 * Where a submitted post stands on one platform, as its row says it:
 * publishing (asked now, no outcome yet), queued (scheduled for its time),
 * published (its link), failed (the platform's reason) or in doubt.
 */
export type RowState = 'publishing' | 'queued' | 'published' | 'failed' | 'in_doubt';

export interface ProgressRow {
  postId: string;
  platform: ConnectionPlatform;
  state: RowState;
  link: string | null;
  /** The platform's reason as stored (failed, in doubt), or a note on how it went out (published). */
  reason: string | null;
  /** Failed or in doubt: the post's Retry for this platform may ask for it again. */
  retryable: boolean;
}

/** The post's rows, one per platform it names, in its order; a platform without an outcome yet is still on its way. */
export function progressRows(post: Pick<PostView, 'id' | 'platforms' | 'publications'>, mode: ScheduleMode): ProgressRow[] {
  return post.platforms.split(',').flatMap((name) => {
    const platform = platformOfName(name);
    if (!platform) return [];
    const outcome = post.publications[platform];
    const waiting: RowState = mode === 'later' ? 'queued' : 'publishing';
    const state: RowState = !outcome || outcome.status === 'queued' ? waiting : outcome.status;
    return [{ postId: post.id, platform, state, link: outcome?.link ?? null, reason: outcome?.reason ?? null, retryable: !!outcome && needsUser(outcome) }];
  });
}

/** Whether a post published now still waits for a platform's outcome (the rows keep asking until none does). */
export function stillPublishing(post: Pick<PostView, 'id' | 'platforms' | 'publications'>): boolean {
  return progressRows(post, 'now').some((row) => row.state === 'publishing');
}
