import { PUBLICATION_DAYS, type GlobalStatistics, type OrganizationStatistics } from '@planner/contracts';

/** The 30 days up to 2026-03-02, with publications on the last two. */
const days = Array.from({ length: PUBLICATION_DAYS }, (_, i) => {
  const date = new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10);
  return { date, publications: i === PUBLICATION_DAYS - 1 ? 2 : i === PUBLICATION_DAYS - 2 ? 1 : 0 };
});

/** An organization's statistics as GET /organizations/{id}/statistics answers them (the statistics pages' tests). */
export function organizationStatistics(over: Partial<OrganizationStatistics> = {}): OrganizationStatistics {
  return {
    total_posts: 12,
    deleted_posts: 1,
    successful_publications: 3,
    posts_with_media: 5,
    posts_text_only: 7,
    posts_by_status: { pending_review: 4, approved: 3, rejected: 1, published: 3, failed: 1 },
    platforms_usage: { LinkedIn: 6, X: 8, Telegram: 1, Instagram: 2, Facebook: 3, Threads: 1 },
    successful_publications_by_platform: { X: 2, LinkedIn: 1 },
    publications_over_time: days,
    total_schedules: 2,
    active_schedules: 1,
    last_updated: '2026-03-02T10:00:00.000Z',
    ...over,
  };
}

/** Everyone's statistics as GET /statistics/admin answers them. */
export function globalStatistics(over: Partial<GlobalStatistics> = {}): GlobalStatistics {
  return { ...organizationStatistics(), total_organizations: 4, avg_posts_per_organization: 3, avg_schedules_per_organization: 0.5, ...over };
}

/** Statistics of an organization with nothing yet: 'No Statistics Available'. */
export function emptyStatistics(): OrganizationStatistics {
  return organizationStatistics({
    total_posts: 0,
    deleted_posts: 0,
    successful_publications: 0,
    posts_with_media: 0,
    posts_text_only: 0,
    posts_by_status: { pending_review: 0, approved: 0, rejected: 0, published: 0, failed: 0 },
    platforms_usage: {},
    successful_publications_by_platform: {},
    publications_over_time: days.map((day) => ({ ...day, publications: 0 })),
    total_schedules: 0,
    active_schedules: 0,
  });
}
