import type { AutoScheduleView, PostView, PublicUser } from '@planner/contracts';
import type { AutopostData, Template } from '@planner/remote-contract';
import { testHost, user, type Call } from '../../account/test/support.js';

// The account remote's host stand-in and renderer serve every remote's page tests.
export { apiError, renderPage, user, type Call } from '../../account/test/support.js';
export { template } from '../../organization/test/support.js';

export const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
const STAMP = '2026-03-01T10:00:00.000Z';

export function post(id: string, over: Partial<PostView> = {}): PostView {
  return {
    id,
    organization_id: ORG_ID,
    status: 'pending_review',
    scheduled_time: '2026-12-24T18:00:00.000Z',
    platforms: 'X',
    media_type: 'text',
    media_paths: '',
    content: `Fresh bread, post ${id}`,
    review_notes: null,
    auto_schedule_id: null,
    version: 1,
    publications: {},
    posted_links: [],
    original_request: null,
    missed_slot: null,
    platform_options: {},
    created_at: STAMP,
    updated_at: STAMP,
    ...over,
  };
}

export function schedule(id: string, over: Partial<AutoScheduleView> = {}): AutoScheduleView {
  return {
    id,
    organization_id: ORG_ID,
    name: `Schedule ${id}`,
    platforms: 'X,LinkedIn',
    specific_media_type: 'text',
    active: true,
    specific_date: null,
    day_of_week: 'monday',
    time_of_day: '09:00',
    specific_content: null,
    specific_media: '',
    review_post_before_publishing: true,
    specific_before_post_review_time: null,
    post_approved: false,
    business_name: null,
    business_data: null,
    content_type: 'general',
    topic: null,
    context: null,
    time_of_year: null,
    event_details: null,
    tone: null,
    mood: null,
    language: null,
    character_limit: null,
    target_character_count: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...over,
  };
}

export const ORGANIZATION = {
  id: ORG_ID,
  name: 'Acme Bakery',
  created_at: STAMP,
  is_active: true,
  deactivated_at: null,
  deactivation_reason: null,
  language: 'en-US',
  default_before_post_review_time: 90,
  timezone: 'America/New_York',
  // Every platform connected but YouTube.
  platforms: Object.fromEntries(['X', 'FACEBOOK', 'INSTAGRAM', 'THREADS', 'LINKEDIN', 'TIKTOK', 'TELEGRAM', 'YOUTUBE'].map((key) => [key, { is_connected: key !== 'YOUTUBE' }])),
};

/** A page of posts as GET /posts answers it. */
export function page(posts: PostView[], over: { page?: number; total_pages?: number } = {}) {
  const total = posts.length;
  return {
    posts,
    pagination: { page: over.page ?? 1, per_page: 20, total, total_pages: over.total_pages ?? 1 },
    ...(total === 0 ? { message: 'No posts found with the selected status.' } : {}),
  };
}

export function autopostData(over: Partial<AutopostData> = {}): AutopostData {
  return {
    activePlatforms: [
      { id: 'p-x', name: 'X' },
      { id: 'p-li', name: 'LinkedIn' },
    ],
    autoSchedules: [],
    templates: [] as Template[],
    ...over,
  };
}

/**
 * A starter user's host with Acme Bakery selected (New York time): the
 * organization's settings are answered here, other calls by `respond`.
 */
export function reviewHost(
  respond: (call: Call) => unknown,
  options: { user?: Partial<PublicUser>; organization?: { is_active: boolean } | null; settings?: () => typeof ORGANIZATION } = {},
) {
  const test = testHost((call) => {
    if (call.method === 'GET' && call.path === `/organizations/${ORG_ID}`) return options.settings?.() ?? ORGANIZATION;
    return respond(call);
  }, user({ role: 'starter', ...options.user }));
  test.host.organization = options.organization === null ? null : { id: ORG_ID, name: 'Acme Bakery', is_active: options.organization?.is_active ?? true };
  return test;
}
