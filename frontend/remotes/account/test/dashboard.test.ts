import type { PostView } from '@planner/contracts';
import type { OrganizationConfig, PlatformConnection } from '@planner/remote-contract';
import { describe, expect, it } from 'vitest';
import { connectionHealthOf, queueOf, type DashboardPost } from '../src/home/dashboard.js';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const DAY = 24 * 3600_000;

const item = (id: string, status: PostView['status'], at: number | null): DashboardPost => ({
  post: { id, status, scheduled_time: at === null ? null : new Date(at).toISOString(), platforms: 'X', publications: {} } as PostView,
  organizationId: 'o',
  organizationName: 'Acme',
  timeZone: 'UTC',
});

describe('the dashboard’s queue', () => {
  it('holds the approved posts due from now to 7 days ahead, soonest first', () => {
    const posts = [
      item('edge', 'approved', NOW + 7 * DAY),
      item('past', 'approved', NOW - 1),
      item('soon', 'approved', NOW + DAY),
      item('beyond', 'approved', NOW + 7 * DAY + 1),
      item('unreviewed', 'pending_review', NOW + DAY),
      item('now', 'approved', null),
    ];
    expect(queueOf(posts, NOW).map((entry) => entry.post.id)).toEqual(['soon', 'edge']);
  });
});

describe('connection health', () => {
  const configWith = (platforms: Record<string, PlatformConnection>) =>
    ({ organization: { id: 'o', name: 'Acme', timezone: 'UTC', platforms } }) as unknown as OrganizationConfig;
  const connected = (over: Partial<PlatformConnection> = {}): PlatformConnection => ({ is_connected: true, url: null, specific_data: {}, status: 'connected', ...over });

  it('flags an expired connection, one that cannot be renewed within 7 days of its end, and a notice; the rest are healthy', () => {
    const health = connectionHealthOf(
      configWith({
        X: connected({ refreshable: true, expires_at: new Date(NOW + DAY).toISOString() }),
        LINKEDIN: connected({ refreshable: false, expires_at: new Date(NOW + 3 * DAY).toISOString() }),
        THREADS: connected({ refreshable: false, expires_at: new Date(NOW + 30 * DAY).toISOString() }),
        TIKTOK: connected({ sandbox: true, refreshable: false, expires_at: new Date(NOW + DAY).toISOString() }),
        YOUTUBE: connected({ is_connected: false, status: 'expired' }),
        FACEBOOK: connected({ notice: 'Facebook Page Required' }),
        TELEGRAM: { is_connected: false, url: null, specific_data: {} },
      }),
      NOW,
    );
    expect(health.healthy).toEqual(['X', 'Threads', 'TikTok']);
    expect(health.problems).toEqual([
      { platform: 'LinkedIn', problem: { kind: 'expiring', at: new Date(NOW + 3 * DAY).toISOString() } },
      { platform: 'YouTube', problem: { kind: 'expired' } },
      { platform: 'Facebook', problem: { kind: 'notice', text: 'Facebook Page Required' } },
    ]);
  });
});
