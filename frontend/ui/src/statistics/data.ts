import { StatisticsMessages, type OrganizationStatistics, type PostStatus } from '@planner/contracts';
import { isApiError } from '@planner/remote-contract';
import type { ChartData } from '../charts/index.js';
import { formatDay } from '../dates.js';
import { platformOfName } from '../PlatformIcon.js';
import { POST_STATUS_LABELS } from '../post-status.js';

/**
 * The figures both statistics pages chart (part 2 §3 Statistics): an
 * organization's, and the global ones (which have more: they extend these).
 */
export type Statistics = OrganizationStatistics;

/** Part 2 §9: after a failed load, automatic reloads wait 10 s. */
export const STATISTICS_RETRY_BACKOFF_MS = 10_000;
/** Part 2 §2: the top 5 platforms. */
export const TOP_PLATFORMS = 5;

/**
 * The statuses in the review's order, from the labels (typed over every status). Not contracts'
 * POST_STATUSES: importing a value of its posts module brings that module's schemas, and zod, into the bundle.
 */
const STATUSES = Object.keys(POST_STATUS_LABELS) as PostStatus[];

/** Design tokens, so the charts follow the theme (light tints on the dark surface). */
const STATUS_COLORS: Record<PostStatus, string> = {
  pending_review: 'var(--warning)',
  approved: 'var(--accent)',
  rejected: 'var(--danger)',
  published: 'var(--success)',
  failed: 'var(--slot)',
};
const POSTS_COLOR = 'var(--accent)';
const PUBLISHED_COLOR = 'var(--success)';

/** Posts by status: a bar per status, in the review's order, each in its colour. */
export function statusChart(statistics: Pick<Statistics, 'posts_by_status'>): ChartData {
  return {
    categories: STATUSES.map((status) => POST_STATUS_LABELS[status]),
    series: [
      {
        label: 'Posts',
        values: STATUSES.map((status) => statistics.posts_by_status[status]),
        color: STATUSES.map((status) => STATUS_COLORS[status]),
      },
    ],
  };
}

/** Platforms by posts naming them, most first (then by publications, then by name). */
function platformsByPosts(usage: Record<string, number>, publications: Record<string, number> = {}): string[] {
  const names = [...new Set([...Object.keys(usage), ...Object.keys(publications)])];
  return names.sort((a, b) => (usage[b] ?? 0) - (usage[a] ?? 0) || (publications[b] ?? 0) - (publications[a] ?? 0) || a.localeCompare(b));
}

/** Posts by platform: the posts naming each platform and the publications on it, side by side. */
export function platformChart(statistics: Pick<Statistics, 'platforms_usage' | 'successful_publications_by_platform'>): ChartData {
  const usage = statistics.platforms_usage;
  const publications = statistics.successful_publications_by_platform;
  const names = platformsByPosts(usage, publications);
  return {
    categories: names,
    series: [
      { label: 'Posts', values: names.map((name) => usage[name] ?? 0), color: POSTS_COLOR },
      { label: 'Published', values: names.map((name) => publications[name] ?? 0), color: PUBLISHED_COLOR },
    ],
  };
}

/** The platforms most posts name, at most TOP_PLATFORMS, each with its icon's platform when it is one of the eight. */
export function topPlatforms(usage: Record<string, number>) {
  return platformsByPosts(usage)
    .filter((name) => (usage[name] ?? 0) > 0)
    .slice(0, TOP_PLATFORMS)
    .map((name) => ({ name, platform: platformOfName(name), posts: usage[name]! }));
}

/** Publications over time: a point per day, labelled dd/Mon. */
export function publicationsChart(statistics: Pick<Statistics, 'publications_over_time'>): ChartData {
  const days = statistics.publications_over_time;
  return {
    categories: days.map((day) => formatDay(day.date)),
    series: [{ label: 'Publications', values: days.map((day) => day.publications), color: POSTS_COLOR }],
  };
}

/** Whether there is anything to chart: a post (deleted ones too), a publication or an auto-schedule. */
export function hasStatistics(statistics: Pick<Statistics, 'total_posts' | 'deleted_posts' | 'successful_publications' | 'total_schedules'>): boolean {
  return statistics.total_posts + statistics.deleted_posts + statistics.successful_publications + statistics.total_schedules > 0;
}

/**
 * What a failed load says under 'Error Loading Statistics': the API's message
 * (e.g. 'Service temporarily unavailable. Please try again later.' while the
 * client's circuit is open), 'Failed to load statistics' when it gave none, and
 * for anything else 'An unexpected error occurred', or 'Unknown error occurred'
 * for a throw that is not even an Error.
 */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.message || StatisticsMessages.loadFailed;
  if (error instanceof Error) return StatisticsMessages.unexpected;
  return StatisticsMessages.unknown;
}

/** Part 2 §4: whether the statistics may reload by themselves (on focus, reconnect, return to the page): not within 10 s of a failure. */
export function canReloadAutomatically(state: { status: string; errorUpdatedAt: number } | undefined, now: number): boolean {
  return !(state?.status === 'error' && now - state.errorUpdatedAt < STATISTICS_RETRY_BACKOFF_MS);
}
