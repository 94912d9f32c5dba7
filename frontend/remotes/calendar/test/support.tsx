import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AutoScheduleView, PostView, PublicUser } from '@planner/contracts';
import type { CalendarData } from '@planner/remote-contract';
import { testHost, user, type Call } from '../../account/test/support.js';
import { ORG_ID, post as reviewPost, schedule as reviewSchedule } from '../../review/test/support.js';
import { CalendarPage } from '../src/CalendarPage.js';

export { apiError, user, type Call } from '../../account/test/support.js';
export { ORG_ID };

let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** The review remote's post, with this file's defaults: an approved LinkedIn post on 12 March. */
export function post(over: Partial<PostView> = {}): PostView {
  return reviewPost(uuid(), { status: 'approved', scheduled_time: '2026-03-12T09:30:00.000Z', platforms: 'LinkedIn', content: 'Fresh bread on Thursday', ...over });
}

/** The review remote's auto-schedule, with this file's name and platforms. */
export function schedule(over: Partial<AutoScheduleView> = {}): AutoScheduleView {
  return reviewSchedule(uuid(), { name: 'Monday tips', platforms: 'X,Instagram', ...over });
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
