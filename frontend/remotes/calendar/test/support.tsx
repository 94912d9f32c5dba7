import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AutoScheduleView, PostView, PublicUser } from '@planner/contracts';
import type { CalendarData } from '@planner/remote-contract';
import { testHost, user, type Call } from '../../account/test/support.js';
import { CalendarPage } from '../src/CalendarPage.js';

export { apiError, user, type Call } from '../../account/test/support.js';

export const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function post(over: Partial<PostView> = {}): PostView {
  return {
    id: uuid(),
    organization_id: ORG_ID,
    status: 'approved',
    scheduled_time: '2026-03-12T09:30:00.000Z',
    platforms: 'LinkedIn',
    media_type: 'text',
    media_paths: '',
    content: 'Fresh bread on Thursday',
    review_notes: null,
    auto_schedule_id: null,
    version: 1,
    publications: {},
    posted_links: [],
    original_request: null,
    missed_slot: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

export function schedule(over: Partial<AutoScheduleView> = {}): AutoScheduleView {
  return {
    id: uuid(),
    organization_id: ORG_ID,
    name: 'Monday tips',
    platforms: 'X,Instagram',
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
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

/** Where the page went, and the route state it handed on. */
function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
      <output data-testid="state">{JSON.stringify(location.state ?? null)}</output>
    </>
  );
}

/**
 * The calendar page with Acme Bakery selected, its calendar-data answered by
 * `data` (a function: it may change or throw) and other calls by `change`.
 */
export function renderCalendar(options: { data?: () => CalendarData; change?: (call: Call) => unknown; user?: Partial<PublicUser>; selected?: boolean; path?: string } = {}) {
  const test = testHost(
    (call) => {
      if (call.method === 'GET' && call.path === `/organizations/${ORG_ID}/calendar-data`) return (options.data ?? (() => ({ timezone: 'UTC', posts: [], autoSchedules: [] })))();
      return options.change?.(call) ?? {};
    },
    user({ role: 'pro', ...options.user }),
  );
  test.host.organization = options.selected === false ? null : { id: ORG_ID, name: 'Acme Bakery', is_active: true };
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[options.path ?? '/organization/calendar']}>
        <Routes>
          <Route path="*" element={<CalendarPage host={test.host} />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...test, view };
}
