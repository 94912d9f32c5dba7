import type { AccountStatistics, PostView } from '@planner/contracts';
import type { CalendarData, OrganizationConfig, PlatformConnection } from '@planner/remote-contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePage } from '../src/HomePage.js';
import { DashboardMessages } from '../src/home/Dashboard.js';
import { apiError, renderPage, testHost, user, type Call } from './support.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const ACME = '00000000-0000-4000-8000-0000000000a1';
const BETA = '00000000-0000-4000-8000-0000000000b2';
const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function post(id: string, over: Partial<PostView> = {}): PostView {
  return {
    id,
    organization_id: ACME,
    status: 'approved',
    scheduled_time: inDays(2),
    platforms: 'X',
    media_type: 'text',
    media_paths: '',
    content: `Fresh bread ${id}`,
    review_notes: null,
    auto_schedule_id: null,
    version: 1,
    publications: {},
    posted_links: [],
    original_request: null,
    missed_slot: null,
    platform_options: {},
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

const organization = (id: string, name: string, is_active = true) => ({ id, name, is_active });

function config(id: string, name: string, platforms: Record<string, PlatformConnection> = {}): OrganizationConfig {
  return {
    organization: {
      id,
      name,
      created_at: '2026-01-01T00:00:00.000Z',
      is_active: true,
      deactivated_at: null,
      deactivation_reason: null,
      language: 'English',
      default_before_post_review_time: 24,
      timezone: 'UTC',
      platforms,
    },
    templates: [],
    supportedPlatforms: ['X', 'LINKEDIN'],
  };
}

const connection = (over: Partial<PlatformConnection> = {}): PlatformConnection => ({ is_connected: true, url: null, specific_data: {}, status: 'connected', ...over });

function statistics(over: Partial<AccountStatistics> = {}): AccountStatistics {
  return {
    total_posts: 12,
    total_schedules: 2,
    active_schedules: 1,
    successful_publications: 7,
    posts_with_media: 4,
    posts_text_only: 8,
    posts_by_status: { pending_review: 3, approved: 1, rejected: 0, published: 7, failed: 1 },
    platforms_usage: { X: 9, LinkedIn: 3 },
    last_updated: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

const calendar = (posts: PostView[]): CalendarData => ({ timezone: 'UTC', posts, autoSchedules: [] });

/** The API as the dashboard reads it; `answers` overrides a path's answer (a function may throw). */
function api(answers: Record<string, (call: Call) => unknown>, organizations = [organization(ACME, 'Acme')]) {
  return (call: Call) => {
    const answer = answers[call.path];
    if (answer) return answer(call);
    if (call.path === '/organizations') return organizations;
    if (call.path.endsWith('/calendar-data')) return calendar([]);
    if (call.path.endsWith('/config')) return config(ACME, 'Acme');
    if (call.path === '/statistics/user/accounts') return statistics();
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

const panel = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;

describe('home dashboard (part 1 §2)', () => {
  it('welcomes with the role badge, three capability cards (upgrade where the plan lacks one) and the accounts summary', async () => {
    const orgs = [organization('a', 'Acme'), organization('b', 'Beta', false)];
    renderPage(HomePage, testHost(api({ '/organizations/a/config': () => config('a', 'Acme') }, orgs), user({ role: 'basic' })).host, '/');
    expect(screen.getByRole('heading', { name: 'Welcome, jane' })).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('Plan on the calendar');
    expect(screen.getAllByRole('link', { name: 'Upgrade to unlock' })).toHaveLength(3);
    expect(await screen.findByText('1 active of 2')).toBeTruthy();
    expect(screen.getAllByText('Acme').length).toBeGreaterThan(0);
  });

  it('a pro user opens the features; without accounts it offers to create one, and no dashboard', async () => {
    const { host, calls } = testHost(api({}, []), user({ role: 'pro' }));
    renderPage(HomePage, host, '/');
    expect(screen.getAllByRole('link', { name: 'Open' })).toHaveLength(3);
    expect(await screen.findByRole('link', { name: 'Create your first account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Next 7 days' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/organizations']);
  });

  it('with only inactive accounts there is nothing to act on: no dashboard, the summary says 0 active', async () => {
    const { host, calls } = testHost(api({}, [organization(ACME, 'Acme', false)]), user({ role: 'pro' }));
    renderPage(HomePage, host, '/');
    expect(await screen.findByText('0 active of 1')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Next 7 days' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/organizations']);
  });
});

describe('home as an operational dashboard (issue 30 §3)', () => {
  it('lists the next 7 days’ queue, the posts awaiting review and the failed or in-doubt publications of the active organizations', async () => {
    const acmePosts = [
      post('soon', { scheduled_time: inDays(1), content: 'Due tomorrow' }),
      post('later', { scheduled_time: inDays(10), content: 'Due in ten days' }),
      post('review', { status: 'pending_review', content: 'Please check me' }),
      post('broken', {
        status: 'failed',
        platforms: 'X, LinkedIn',
        content: 'Did not go out',
        publications: {
          x: { status: 'failed', link: null, reason: 'X refused the text.', at: '2026-03-02T10:00:00.000Z' },
          linkedin: { status: 'in_doubt', link: null, reason: 'No answer from LinkedIn.', at: '2026-03-02T10:00:00.000Z' },
        },
      }),
    ];
    const betaPosts = [post('beta', { organization_id: BETA, scheduled_time: inDays(3), content: 'Beta goes out' })];
    const { host, calls } = testHost(
      api(
        {
          [`/organizations/${ACME}/calendar-data`]: () => calendar(acmePosts),
          [`/organizations/${BETA}/calendar-data`]: () => calendar(betaPosts),
          [`/organizations/${BETA}/config`]: () => config(BETA, 'Beta'),
        },
        [organization(ACME, 'Acme'), organization(BETA, 'Beta'), organization('gone', 'Gone', false)],
      ),
      user({ role: 'pro', capabilities: { can_use_generator: true, can_use_calendar: true, can_use_auto_post: true, can_use_post_review: true } }),
    );
    renderPage(HomePage, host, '/');

    const queue = await panel('Next 7 days');
    await within(queue).findByText('Due tomorrow');
    expect(within(queue).getByText('Beta goes out')).toBeTruthy();
    expect(within(queue).queryByText('Due in ten days')).toBeNull();
    // Soonest first, each naming its organization when there are several.
    expect(within(queue).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Acme'), expect.stringContaining('Beta')]);

    const review = await panel('Awaiting review');
    expect(within(review).getByText('Please check me')).toBeTruthy();
    const open = within(review).getByRole('link', { name: 'Open in Post Review: the post for X' });
    expect(open.getAttribute('href')).toBe('/organization/posts?highlightPostId=review');

    const failed = await panel('Failed publications');
    expect(within(failed).getByText('Did not go out')).toBeTruthy();
    expect(within(failed).getByText('X: failed')).toBeTruthy();
    expect(within(failed).getByText('LinkedIn: in doubt')).toBeTruthy();
    expect(within(failed).getByText('X refused the text.')).toBeTruthy();
    // An inactive organization publishes nothing: it is not asked for.
    expect(calls.some((call) => call.path.includes('/gone/'))).toBe(false);
  });

  it('Retry asks Post Review’s retry of the failed post, says what the server did and reloads the panels', async () => {
    let failed = true;
    const broken = post('broken', {
      status: 'failed',
      publications: { x: { status: 'failed', link: null, reason: 'X was down.', at: '2026-03-02T10:00:00.000Z' } },
    });
    const { host, calls } = testHost(
      api({
        [`/organizations/${ACME}/calendar-data`]: () => calendar(failed ? [broken] : [{ ...broken, status: 'approved' }]),
        '/posts/broken/retry': () => {
          failed = false;
          return { post: { ...broken, status: 'approved' }, message: 'Publishing is being tried again on the platforms that failed.' };
        },
      }),
      user({ role: 'pro' }),
    );
    renderPage(HomePage, host, '/');
    const section = await panel('Failed publications');
    await userEvent.click(await within(section).findByRole('button', { name: 'Retry the post for X' }));

    const done = await within(section).findByRole('status');
    expect(done.textContent).toBe('Publishing is being tried again on the platforms that failed.');
    const retry = calls.find((call) => call.path === '/posts/broken/retry')!;
    expect(retry).toMatchObject({ method: 'POST', body: undefined });
    await within(section).findByText(DashboardMessages.failedEmpty);
    expect(calls.filter((call) => call.path.endsWith('/calendar-data'))).toHaveLength(2);
    expect(document.activeElement).toBe(done.parentElement);
  });

  it('a publication in doubt found on the account is marked published there, and the panels are read again once the posts service has it', async () => {
    let confirmed = false;
    const doubtful = post('doubtful', {
      status: 'failed',
      platforms: 'LinkedIn',
      publications: { linkedin: { status: 'in_doubt', link: null, reason: 'No answer from LinkedIn.', at: '2026-03-02T10:00:00.000Z' } },
    });
    const publication = { id: 'pub-1', post_id: 'doubtful', platform: 'linkedin', state: 'in_doubt', link: null, published_at: null };
    const { host, calls } = testHost(
      api({
        [`/organizations/${ACME}/calendar-data`]: () => calendar([confirmed ? { ...doubtful, status: 'published' } : doubtful]),
        '/publications?post_id=doubtful': () => ({ publications: [publication] }),
        '/publications/pub-1/confirm': () => {
          confirmed = true;
          return { publication: { ...publication, state: 'published', published_at: '2026-03-02T10:05:00.000Z' } };
        },
      }),
      user({ role: 'pro' }),
    );
    renderPage(HomePage, host, '/');
    const section = await panel('Failed publications');
    await userEvent.click(await within(section).findByRole('button', { name: 'It is on LinkedIn' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Mark as published' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Marked as published on LinkedIn.');
    expect(calls.find((call) => call.path === '/publications/pub-1/confirm')).toMatchObject({ method: 'POST', body: { link: null } });
    await within(section).findByText(DashboardMessages.failedEmpty, {}, { timeout: 5000 });
  });

  it('a refused Retry says why in place', async () => {
    const broken = post('broken', { status: 'failed', publications: { x: { status: 'failed', link: null, reason: 'X was down.', at: '2026-03-02T10:00:00.000Z' } } });
    const { host } = testHost(
      api({
        [`/organizations/${ACME}/calendar-data`]: () => calendar([broken]),
        '/posts/broken/retry': () => {
          throw apiError(409, { message: 'The organization is inactive, so its posts are not published. Activate it, then retry.' });
        },
      }),
      user({ role: 'pro' }),
    );
    renderPage(HomePage, host, '/');
    const section = await panel('Failed publications');
    await userEvent.click(await within(section).findByRole('button', { name: 'Retry the post for X' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('The organization is inactive, so its posts are not published. Activate it, then retry.');
    expect(within(section).getByText('X was down.')).toBeTruthy();
  });

  it('tells the connections that need the user, with Reconnect on the organization’s config page', async () => {
    const platforms = {
      X: connection(),
      LINKEDIN: connection({ refreshable: false, expires_at: inDays(3) }),
      FACEBOOK: connection({ is_connected: false, status: 'expired' }),
      TELEGRAM: { is_connected: false, url: null, specific_data: {} },
    };
    renderPage(HomePage, testHost(api({ [`/organizations/${ACME}/config`]: () => config(ACME, 'Acme', platforms) }), user({ role: 'pro' })).host, '/');
    const section = await panel('Connection health');
    await within(section).findByText('Connected: X');
    expect(within(section).getByText(/Expires on .*: connect it again before then\./)).toBeTruthy();
    expect(within(section).getByText(/Expired: connect it again to keep publishing\./)).toBeTruthy();
    const reconnect = within(section).getByRole('link', { name: 'Reconnect Facebook on the Account Configuration page' });
    expect(reconnect.getAttribute('href')).toBe(`/organization/${ACME}/config`);
    expect(within(section).queryByText(/Telegram/)).toBeNull();
  });

  it('shows the all-accounts statistics of GET /statistics/user/accounts', async () => {
    renderPage(HomePage, testHost(api({}), user({ role: 'pro' })).host, '/');
    const section = await panel("All accounts' statistics");
    await within(section).findByText('Posts');
    const figures = Object.fromEntries(within(section).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(figures).toMatchObject({ Posts: '12', Published: '7', 'Pending review': '3', Failed: '1', 'Active auto-schedules': '1' });
    expect(within(section).getByText('By platform: X 9, LinkedIn 3')).toBeTruthy();
  });

  it('each empty panel says what to do next with a link', async () => {
    renderPage(HomePage, testHost(api({ '/statistics/user/accounts': () => statistics({ total_posts: 0 }) }), user({ role: 'pro' })).host, '/');
    expect(await within(await panel('Next 7 days')).findByText(DashboardMessages.queueEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule a post in the Content Designer' }).getAttribute('href')).toBe('/organization/designer');
    expect(screen.getByText(DashboardMessages.reviewEmpty)).toBeTruthy();
    expect(screen.getByText(DashboardMessages.failedEmpty)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Connect a platform on the Account Configuration page' })).getAttribute('href')).toBe(`/organization/${ACME}/config`);
    expect(await screen.findByText(DashboardMessages.statisticsEmpty)).toBeTruthy();
  });

  it('shows a placeholder while loading, then an organization’s failed call in place with Try Again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { host } = testHost(
      api({
        [`/organizations/${ACME}/calendar-data`]: async () => {
          await held;
          if (fail) throw apiError(503, { message: 'Calendar data unavailable: posts' });
          return calendar([post('soon', { content: 'Back again' })]);
        },
      }),
      user({ role: 'pro' }),
    );
    renderPage(HomePage, host, '/');
    const queue = await panel('Next 7 days');
    expect(within(queue).getByRole('status').textContent).toBe('Loading…');
    expect(queue.getAttribute('aria-busy')).toBe('true');
    release();
    const alert = await within(queue).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the posts of Acme: Calendar data unavailable: posts');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(queue).findByText('Back again')).toBeTruthy();
    await waitFor(() => expect(within(queue).queryByRole('alert')).toBeNull());
  });

  it('Open in Post Review selects the post’s organization first; a basic user keeps the upgrade cards and gets no Post Review link', async () => {
    const answers = { [`/organizations/${BETA}/calendar-data`]: () => calendar([post('review', { organization_id: BETA, status: 'pending_review' })]), [`/organizations/${BETA}/config`]: () => config(BETA, 'Beta') };
    const orgs = [organization(ACME, 'Acme'), organization(BETA, 'Beta')];
    renderPage(HomePage, testHost(api(answers, orgs), user({ role: 'pro', capabilities: { can_use_generator: true, can_use_calendar: true, can_use_auto_post: true, can_use_post_review: true } })).host, '/');
    const selected: string[] = [];
    window.addEventListener('planner:organization-selected', () => selected.push(window.localStorage.getItem('selected_organization_id')!));
    await userEvent.click(await within(await panel('Awaiting review')).findByRole('link', { name: 'Open in Post Review: the post for X' }));
    expect(selected).toEqual([BETA]);
    expect(screen.getByTestId('location').textContent).toBe('/organization/posts?highlightPostId=review');
    cleanup();

    renderPage(HomePage, testHost(api(answers, orgs), user({ role: 'basic' })).host, '/');
    await within(await panel('Awaiting review')).findByText('Fresh bread review');
    expect(screen.queryByRole('link', { name: /in Post Review/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Upgrade to unlock' })).toHaveLength(3);
  });
});
