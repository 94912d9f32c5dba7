import { EXPIRY_WARNING_AHEAD_MS, needsUser, PLATFORM_DISPLAY_NAMES, platformIdOf, platformList, type ConnectionPlatform, type PostView } from '@planner/contracts';
import type { OrganizationConfig, PlatformConnection } from '@planner/remote-contract';

/** How far ahead the queue looks (issue 30 §3). */
export const QUEUE_DAYS = 7;
const DAY_MS = 24 * 3600_000;
/** Items a panel lists; the rest are a link away (Post Review, the calendar, the config page). */
export const PANEL_ITEMS = 5;

/** A post of one organization, with that organization's name and time zone (the dashboard covers them all). */
export interface DashboardPost {
  post: PostView;
  organizationId: string;
  organizationName: string;
  timeZone: string;
}

/** The post's platforms as the app names them ('X, LinkedIn'). */
export function platformNames(post: Pick<PostView, 'platforms'>): string {
  return platformList(post.platforms)
    .map((name) => {
      const id = platformIdOf(name);
      return id ? PLATFORM_DISPLAY_NAMES[id] : name;
    })
    .join(', ');
}

const scheduledAt = (item: DashboardPost) => (item.post.scheduled_time ? Date.parse(item.post.scheduled_time) : Number.POSITIVE_INFINITY);
const soonestFirst = (a: DashboardPost, b: DashboardPost) => scheduledAt(a) - scheduledAt(b);

/** Approved posts due in the next QUEUE_DAYS days, soonest first: what goes out without anyone acting. */
export function queueOf(posts: readonly DashboardPost[], now: number): DashboardPost[] {
  const end = now + QUEUE_DAYS * DAY_MS;
  return posts.filter((item) => item.post.status === 'approved' && scheduledAt(item) >= now && scheduledAt(item) <= end).sort(soonestFirst);
}

/** Posts pending review, those due soonest first (then those without a time). */
export function awaitingReviewOf(posts: readonly DashboardPost[]): DashboardPost[] {
  return posts.filter((item) => item.post.status === 'pending_review').sort(soonestFirst);
}

/** A failed post with the platforms that failed or are in doubt, each with the platform's reason. */
export interface FailedPublication extends DashboardPost {
  platforms: { platform: ConnectionPlatform; name: string; status: 'failed' | 'in_doubt'; reason: string | null }[];
}

/** Failed posts (a platform failed for good or its outcome is in doubt), the latest outcome first. */
export function failedOf(posts: readonly DashboardPost[]): FailedPublication[] {
  return posts
    .filter((item) => item.post.status === 'failed')
    .map((item) => ({
      ...item,
      platforms: Object.entries(item.post.publications)
        .filter(([, outcome]) => needsUser(outcome))
        .map(([platform, outcome]) => ({
          platform: platform as ConnectionPlatform,
          name: PLATFORM_DISPLAY_NAMES[platform as ConnectionPlatform] ?? platform,
          status: outcome.status as 'failed' | 'in_doubt',
          reason: outcome.reason,
        })),
    }))
    .sort((a, b) => latestOutcome(b.post) - latestOutcome(a.post));
}

function latestOutcome(post: PostView): number {
  return Math.max(0, ...Object.values(post.publications).map((outcome) => Date.parse(outcome.at)));
}

/** What a connection needs from the user: connect again (expired, or expiring within the first warning's days), or its notice. */
export type ConnectionProblem = { kind: 'expired' } | { kind: 'expiring'; at: string } | { kind: 'notice'; text: string };

export interface ConnectionHealth {
  organizationId: string;
  organizationName: string;
  timeZone: string;
  /** Connected platforms with nothing to do. */
  healthy: string[];
  problems: { platform: string; problem: ConnectionProblem }[];
}

function problemOf(connection: PlatformConnection, now: number): ConnectionProblem | null {
  if (connection.status === 'expired') return { kind: 'expired' };
  // As the config page warns (expiryOf there): only a token that cannot be renewed without the user runs out.
  if (!connection.sandbox && connection.refreshable === false && connection.expires_at && Date.parse(connection.expires_at) - now <= EXPIRY_WARNING_AHEAD_MS['7_days']) {
    return { kind: 'expiring', at: connection.expires_at };
  }
  if (connection.notice) return { kind: 'notice', text: connection.notice };
  return null;
}

/** An organization's connected platforms, split into those that need the user and the rest (platforms keyed by uppercase id). */
export function connectionHealthOf(config: OrganizationConfig, now: number): ConnectionHealth {
  const health: ConnectionHealth = { organizationId: config.organization.id, organizationName: config.organization.name, timeZone: config.organization.timezone, healthy: [], problems: [] };
  for (const [key, connection] of Object.entries(config.organization.platforms)) {
    // An expired connection is no longer `is_connected`, yet it is the one most in need of the user.
    if (!connection.is_connected && connection.status !== 'expired') continue;
    const id = platformIdOf(key);
    const platform = id ? PLATFORM_DISPLAY_NAMES[id] : key;
    const problem = problemOf(connection, now);
    if (problem) health.problems.push({ platform, problem });
    else health.healthy.push(platform);
  }
  return health;
}
