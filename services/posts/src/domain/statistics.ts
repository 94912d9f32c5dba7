import {
  POST_STATUSES,
  PUBLICATION_DAYS,
  type AccountStatistics,
  type GlobalStatistics,
  type OrganizationCount,
  type PostCounts,
  type PostStatistics,
  type PostStatus,
  type PublicationDay,
  type ScheduleCount,
} from '@planner/contracts';

/** Posts of one status and one platform list: those in the lists, those deleted, and how many of the listed carry media. */
export interface PostGroup {
  status: PostStatus;
  platforms: string[];
  live: number;
  deleted: number;
  withMedia: number;
}

/**
 * An organization's post statistics (part 2 §3 Statistics) from its posts
 * counted by status and platform list (a few dozen groups, whatever the
 * number of posts). Deleted posts count only as deleted_posts, except
 * that a publication stays a publication after its post is deleted here.
 */
export function postStatistics(groups: PostGroup[], now: Date): PostCounts {
  const posts_by_status = Object.fromEntries(POST_STATUSES.map((status) => [status, 0])) as Record<PostStatus, number>;
  const byPlatform = new Map<string, { live: number; published: number }>();
  let deleted = 0;
  let withMedia = 0;
  let published = 0;
  for (const group of groups) {
    posts_by_status[group.status] += group.live;
    deleted += group.deleted;
    withMedia += group.withMedia;
    const publications = group.status === 'published' ? group.live + group.deleted : 0;
    published += publications;
    for (const platform of group.platforms) {
      const counted = byPlatform.get(platform) ?? { live: 0, published: 0 };
      counted.live += group.live;
      counted.published += publications;
      byPlatform.set(platform, counted);
    }
  }
  const total = POST_STATUSES.reduce((sum, status) => sum + posts_by_status[status], 0);
  const platforms = [...byPlatform].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    total_posts: total,
    deleted_posts: deleted,
    successful_publications: published,
    posts_with_media: withMedia,
    posts_text_only: total - withMedia,
    posts_by_status,
    platforms_usage: Object.fromEntries(platforms.filter(([, counted]) => counted.live > 0).map(([platform, counted]) => [platform, counted.live])),
    successful_publications_by_platform: Object.fromEntries(
      platforms.filter(([, counted]) => counted.published > 0).map(([platform, counted]) => [platform, counted.published]),
    ),
    last_updated: now.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `at`, as 'YYYY-MM-DD'. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The first instant of the PUBLICATION_DAYS days (UTC) that end with today's. */
export function publicationsSince(now: Date): Date {
  return new Date(Date.parse(utcDay(now)) - (PUBLICATION_DAYS - 1) * DAY_MS);
}

/**
 * Publications over time: each of the PUBLICATION_DAYS days up to today (UTC),
 * oldest first, with its publications (the days counted, a day without any 0).
 */
export function publicationsOverTime(counted: readonly PublicationDay[], now: Date): PublicationDay[] {
  const byDay = new Map(counted.map((day) => [day.date, day.publications]));
  const first = publicationsSince(now).getTime();
  return Array.from({ length: PUBLICATION_DAYS }, (_, i) => {
    const date = utcDay(new Date(first + i * DAY_MS));
    return { date, publications: byDay.get(date) ?? 0 };
  });
}

/** Global statistics are computed at most once a minute (part 1 §9: the landing refreshes every 60 s) … */
export const STATISTICS_REFRESH_MS = 60_000;
/** … by one replica at a time, for at most 10 s (the 10 s guard); meanwhile the last figures stand. */
export const STATISTICS_GUARD_MS = 10_000;

/**
 * Whether statistics computed at `lastUpdated` are still the current ones at
 * `now`. Another replica's clock may run a little ahead; one a minute ahead is wrong.
 */
export function isCurrent(lastUpdated: string, now: Date): boolean {
  return Math.abs(now.getTime() - Date.parse(lastUpdated)) < STATISTICS_REFRESH_MS;
}

/** `total / organizations` to two decimals; 0 when there are no organizations. */
function perOrganization(total: number, organizations: number): number {
  return organizations === 0 ? 0 : Math.round((total / organizations) * 100) / 100;
}

/** Statistics over every organization (part 2 §3 with the admin extras): the posts', the organizations' and the schedules' counts. */
export function globalStatistics(posts: PostStatistics, organizations: OrganizationCount, schedules: ScheduleCount): GlobalStatistics {
  return {
    ...posts,
    ...organizations,
    ...schedules,
    avg_posts_per_organization: perOrganization(posts.total_posts, organizations.total_organizations),
    avg_schedules_per_organization: perOrganization(schedules.total_schedules, organizations.total_organizations),
  };
}

/** A user's accounts statistics (part 2 §3): their organizations' posts and auto-schedules. */
export function accountStatistics(posts: PostCounts, schedules: ScheduleCount): AccountStatistics {
  return {
    total_posts: posts.total_posts,
    total_schedules: schedules.total_schedules,
    active_schedules: schedules.active_schedules,
    successful_publications: posts.successful_publications,
    posts_with_media: posts.posts_with_media,
    posts_text_only: posts.posts_text_only,
    posts_by_status: posts.posts_by_status,
    platforms_usage: posts.platforms_usage,
    last_updated: posts.last_updated,
  };
}
