import { describe, expect, it } from 'vitest';
import { globalStatisticsSchema, postCountsSchema, PUBLICATION_DAYS } from '@planner/contracts';
import { toPostView } from '../src/domain/post-view.js';
import { accountStatistics, globalStatistics, isCurrent, postStatistics, publicationsOverTime, publicationsSince, STATISTICS_REFRESH_MS } from '../src/domain/statistics.js';
import { Post } from '../src/entities/post.entity.js';

const now = new Date('2026-03-02T10:00:00.000Z');

describe('post statistics (part 2 §3)', () => {
  it('counts listed posts by status, with media and text only, and deleted posts apart', () => {
    const statistics = postStatistics(
      [
        { status: 'pending_review', platforms: ['LinkedIn', 'X'], live: 2, deleted: 1, withMedia: 1 },
        { status: 'pending_review', platforms: ['LinkedIn'], live: 1, deleted: 0, withMedia: 0 },
        { status: 'approved', platforms: ['LinkedIn', 'X'], live: 0, deleted: 0, withMedia: 0 },
        { status: 'approved', platforms: [], live: 2, deleted: 0, withMedia: 2 },
        { status: 'published', platforms: ['LinkedIn'], live: 2, deleted: 1, withMedia: 1 },
        { status: 'published', platforms: ['Telegram'], live: 0, deleted: 1, withMedia: 0 },
        { status: 'published', platforms: [], live: 2, deleted: 0, withMedia: 0 },
      ],
      now,
    );
    expect(statistics).toEqual({
      total_posts: 9,
      deleted_posts: 3,
      successful_publications: 6,
      posts_with_media: 4,
      posts_text_only: 5,
      posts_by_status: { pending_review: 3, approved: 2, rejected: 0, published: 4, failed: 0 },
      platforms_usage: { LinkedIn: 5, X: 2 },
      successful_publications_by_platform: { LinkedIn: 3, Telegram: 1 },
      last_updated: '2026-03-02T10:00:00.000Z',
    });
    expect(postCountsSchema.parse(statistics)).toEqual(statistics);
  });

  it('gives an organization without posts zeros for every status and empty platform maps', () => {
    expect(postStatistics([], now)).toMatchObject({
      total_posts: 0,
      deleted_posts: 0,
      successful_publications: 0,
      posts_with_media: 0,
      posts_text_only: 0,
      posts_by_status: { pending_review: 0, approved: 0, rejected: 0, published: 0, failed: 0 },
      platforms_usage: {},
      successful_publications_by_platform: {},
    });
  });
});

describe('publications over time', () => {
  it('gives each of the 30 days up to today (UTC) its publications, oldest first, a day without any 0', () => {
    const series = publicationsOverTime(
      [
        { date: '2026-03-02', publications: 4 },
        { date: '2026-02-01', publications: 2 },
        // Outside the window (the query never answers it): left out.
        { date: '2026-01-31', publications: 9 },
      ],
      now,
    );
    expect(series).toHaveLength(PUBLICATION_DAYS);
    expect(series[0]).toEqual({ date: '2026-02-01', publications: 2 });
    expect(series[1]).toEqual({ date: '2026-02-02', publications: 0 });
    expect(series[27]).toEqual({ date: '2026-02-28', publications: 0 });
    expect(series[28]).toEqual({ date: '2026-03-01', publications: 0 });
    expect(series[29]).toEqual({ date: '2026-03-02', publications: 4 });
  });

  it('starts at midnight UTC of the first day, whatever the hour now', () => {
    expect(publicationsSince(now).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(publicationsSince(new Date('2026-03-02T23:59:59.999Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(publicationsSince(new Date('2026-03-03T00:00:00.000Z')).toISOString()).toBe('2026-02-02T00:00:00.000Z');
  });
});

describe('global and account statistics (part 2 §3)', () => {
  const counts = postStatistics(
    [
      { status: 'pending_review', platforms: ['X'], live: 4, deleted: 0, withMedia: 1 },
      { status: 'published', platforms: ['X'], live: 3, deleted: 1, withMedia: 2 },
    ],
    now,
  );
  const posts = { ...counts, publications_over_time: publicationsOverTime([{ date: '2026-03-01', publications: 4 }], now) };

  it('adds the organizations and schedules to the posts’ figures, with the averages per organization to two decimals', () => {
    const statistics = globalStatistics(posts, { total_organizations: 3 }, { total_schedules: 5, active_schedules: 2 });
    expect(statistics).toEqual({
      ...posts,
      total_organizations: 3,
      total_schedules: 5,
      active_schedules: 2,
      avg_posts_per_organization: 2.33,
      avg_schedules_per_organization: 1.67,
    });
    expect(globalStatisticsSchema.parse(statistics)).toEqual(statistics);
  });

  it('averages 0 without organizations', () => {
    expect(globalStatistics({ ...postStatistics([], now), publications_over_time: [] }, { total_organizations: 0 }, { total_schedules: 0, active_schedules: 0 })).toMatchObject({
      avg_posts_per_organization: 0,
      avg_schedules_per_organization: 0,
    });
  });

  it('gives a user’s accounts the fields of part 2 §3 only', () => {
    expect(accountStatistics(posts, { total_schedules: 2, active_schedules: 1 })).toEqual({
      total_posts: 7,
      total_schedules: 2,
      active_schedules: 1,
      successful_publications: 4,
      posts_with_media: 3,
      posts_text_only: 4,
      posts_by_status: { pending_review: 4, approved: 0, rejected: 0, published: 3, failed: 0 },
      platforms_usage: { X: 7 },
      last_updated: now.toISOString(),
    });
  });

  it('keeps statistics current for a minute after they were computed, and those of a clock less than a minute ahead', () => {
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(isCurrent(now.toISOString(), now)).toBe(true);
    expect(isCurrent(now.toISOString(), at(STATISTICS_REFRESH_MS - 1))).toBe(true);
    expect(isCurrent(now.toISOString(), at(STATISTICS_REFRESH_MS))).toBe(false);
    expect(isCurrent(now.toISOString(), at(-1000))).toBe(true);
    expect(isCurrent(now.toISOString(), at(-STATISTICS_REFRESH_MS))).toBe(false);
  });
});

describe('post view (part 2 §3)', () => {
  it('shows platforms and media paths comma-separated, times as ISO strings', () => {
    const post = Object.assign(new Post(), {
      id: '4c1b3c84-8a4f-4d5e-9a51-1f0a3d1b2c3d',
      organizationId: '0b7d5c3e-2f44-4b9a-8c55-6e7f8a9b0c1d',
      status: 'approved',
      scheduledTime: new Date('2026-03-09T08:30:00.000Z'),
      platforms: ['LinkedIn', 'X'],
      mediaType: 'carousel',
      mediaPaths: ['media/a.png', 'media/b.png'],
      content: 'Spring sale',
      reviewNotes: 'Looks good',
      autoScheduleId: null,
      scheduleSlot: null,
      version: 2,
      publications: { x: { status: 'published', link: 'https://x.com/acme/status/1', reason: null, at: '2026-03-09T08:30:01.000Z' } },
      originalRequest: null,
      platformOptions: { youtube: { privacy_status: 'unlisted' } },
      createdBy: null,
      createdAt: new Date('2026-03-01T09:00:00.000Z'),
      updatedAt: new Date('2026-03-01T09:05:00.000Z'),
      publishedAt: null,
      deletedAt: null,
    } satisfies Post);
    expect(toPostView(post)).toEqual({
      id: post.id,
      organization_id: post.organizationId,
      status: 'approved',
      scheduled_time: '2026-03-09T08:30:00.000Z',
      platforms: 'LinkedIn,X',
      media_type: 'carousel',
      media_paths: 'media/a.png,media/b.png',
      content: 'Spring sale',
      review_notes: 'Looks good',
      auto_schedule_id: null,
      version: 2,
      publications: { x: { status: 'published', link: 'https://x.com/acme/status/1', reason: null, at: '2026-03-09T08:30:01.000Z' } },
      posted_links: ['https://x.com/acme/status/1'],
      original_request: null,
      missed_slot: null,
      platform_options: { youtube: { privacy_status: 'unlisted' } },
      created_at: '2026-03-01T09:00:00.000Z',
      updated_at: '2026-03-01T09:05:00.000Z',
    });
    expect(toPostView({ ...post, scheduledTime: null })).toMatchObject({ scheduled_time: null });
  });
});
