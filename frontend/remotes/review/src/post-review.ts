import { CONNECTION_PLATFORMS, needsUser, PLATFORM_DISPLAY_NAMES, platformIdOf, platformList, type ConnectionPlatform, type MediaType, type PlatformOutcome, type PostFilter, type PostStatus, type PostView } from '@planner/contracts';
import { POST_STATUS_LABELS } from '@planner/ui/post-status';

/** Part 2 §4's filter values (default pending) with failed (docs/decisions/post-review.md), as the status filter offers them. */
export const FILTERS: readonly [PostFilter, string][] = [
  ['pending', POST_STATUS_LABELS.pending_review],
  ['approved', POST_STATUS_LABELS.approved],
  ['rejected', POST_STATUS_LABELS.rejected],
  ['published', POST_STATUS_LABELS.published],
  ['failed', POST_STATUS_LABELS.failed],
  ['all', 'All'],
];
export const DEFAULT_FILTER: PostFilter = 'pending';

export const STATUS_BADGES: Record<PostStatus, string> = {
  pending_review: 'badge-yellow',
  approved: 'badge-blue',
  rejected: 'badge-gray',
  published: 'badge-green',
  failed: 'badge-red',
};

export type ReviewAction = 'approve' | 'sendBack' | 'reject' | 'edit' | 'retry' | 'delete';

/**
 * Part 2 §4 with failed and Retry (docs/decisions/post-review.md): pending
 * review can be approved, rejected or edited; approved sent back to review
 * (POST /posts/{id}/clear, docs/decisions/review-pages.md), rejected or
 * edited; failed rejected, edited or retried; published and rejected only
 * deleted.
 */
const ACTIONS: Record<PostStatus, readonly ReviewAction[]> = {
  pending_review: ['approve', 'reject', 'edit', 'delete'],
  approved: ['sendBack', 'reject', 'edit', 'delete'],
  failed: ['retry', 'reject', 'edit', 'delete'],
  rejected: ['delete'],
  published: ['delete'],
};

export function actionsFor(status: PostStatus): readonly ReviewAction[] {
  return ACTIONS[status];
}

/** One platform of a post, and where the post stands there once publishing was asked for. */
export interface PlatformLine {
  platform: ConnectionPlatform | null;
  name: string;
  outcome: PlatformOutcome | null;
}

/**
 * The platforms a card shows: the post's own, in its order, each with its
 * outcome (`publications` is keyed by platform id); then a platform it went
 * out on that it no longer names, which keeps its link.
 */
export function platformLines(post: Pick<PostView, 'platforms' | 'publications'>): PlatformLine[] {
  const named = platformList(post.platforms).map((name) => {
    const platform = platformIdOf(name);
    return { platform, name: platform ? PLATFORM_DISPLAY_NAMES[platform] : name, outcome: (platform && post.publications[platform]) || null };
  });
  const extra = CONNECTION_PLATFORMS.filter((platform) => post.publications[platform] && !named.some((line) => line.platform === platform)).map((platform) => ({
    platform,
    name: PLATFORM_DISPLAY_NAMES[platform],
    outcome: post.publications[platform]!,
  }));
  return [...named, ...extra];
}

/**
 * What a failed post's card offers to retry (docs/decisions/review-pages.md):
 * a Retry on each failed or in-doubt platform, and Retry all (POST
 * /posts/{id}/retry without a body: every platform not out) unless that
 * would be the one platform's own Retry.
 */
export function retryChoices(lines: readonly PlatformLine[]): { platforms: ConnectionPlatform[]; all: boolean } {
  const notOut = lines.filter((line) => line.platform && line.outcome?.status !== 'published');
  const platforms = notOut.filter((line) => line.outcome !== null && needsUser(line.outcome)).map((line) => line.platform!);
  return { platforms, all: notOut.length !== 1 || platforms.length === 0 };
}

/** A post Post Review is asked to show: named by the calendar's View Full Post, or just saved by the designer. */
export interface Highlight {
  postId: string;
  edited: boolean;
}

/** Part 2 §2: the calendar's View Full Post names the post to highlight (route state highlightPostId, or the same as a query parameter); an edit's return adds `edited`. */
export function highlightOf(state: unknown, search: URLSearchParams): Highlight | null {
  const given = (state ?? {}) as { highlightPostId?: unknown; edited?: unknown };
  if (typeof given.highlightPostId === 'string' && given.highlightPostId) return { postId: given.highlightPostId, edited: given.edited === true };
  const fromQuery = search.get('highlightPostId');
  return fromQuery ? { postId: fromQuery, edited: false } : null;
}

/** The filter that holds a post of this status (docs/decisions/post-review.md: a highlighted post is shown under its own status). */
export function filterOf(status: PostStatus): PostFilter {
  return status === 'pending_review' ? 'pending' : status;
}

/**
 * Where Edit goes (part 2 §2): the designer, with the post and the way back, as the calendar's Edit Post passes them;
 * back here the edited post is shown under its new status (docs/decisions/post-review.md, "An edit").
 */
export const DESIGNER_ROUTE = '/organization/designer';
export const POST_REVIEW_ROUTE = '/organization/posts';
export function editState(post: PostView): { editingPost: PostView; returnToRoute: string; returnState: { highlightPostId: string; edited: true } } {
  return { editingPost: post, returnToRoute: POST_REVIEW_ROUTE, returnState: { highlightPostId: post.id, edited: true } };
}

/** How posts and schedules name their media types (part 2 §2, §5). */
export const MEDIA_LABELS: Record<MediaType, string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  carousel: 'Carousel',
  short: 'Short Video (Reels)',
  story: 'Story',
};
