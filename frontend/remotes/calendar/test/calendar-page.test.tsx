import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionMessages, PostMessages } from '@planner/contracts';
import { MoveRefusals } from '../src/calendar-events.js';
import { DIALOG_CLOSE_DELAY_MS } from '../src/EventDialog.js';
import { UPDATE_FAILED } from '../src/messages.js';
import { apiError, ORG_ID, post, renderCalendar, schedule, type Call } from './support.js';

// Wednesday 11 March 2026, noon UTC: the calendar opens on March 2026.
const NOW = new Date('2026-03-11T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The month cell (or week column heading) of a day, by its button's name. */
const dayButton = (name: RegExp) => screen.getByRole('button', { name });
const cellOf = (name: RegExp) => dayButton(name).closest('td')!;
const location = () => screen.getByTestId('location').textContent;
/** The page's live region (the test's route outputs are status elements too). */
const announcement = () => within(screen.getByRole('main')).getByRole('status').textContent;
const routeState = () => JSON.parse(screen.getByTestId('state').textContent!) as Record<string, unknown> | null;

describe('month view', () => {
  it('shows 42 days under Sun to Sat, 3 events a day then ‘+N more events’, and a count', async () => {
    const busy = ['08:00', '09:00', '10:00', '11:00', '12:00'].map((time, i) => post({ content: `Busy ${i + 1}`, scheduled_time: `2026-03-12T${time}:00.000Z` }));
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: busy, autoSchedules: [] }) });
    const table = await screen.findByRole('table', { name: 'March 2026' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(within(table).getAllByRole('cell')).toHaveLength(42);
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
    const thursday = cellOf(/^Thursday,? 12 March 2026, 5 events$/);
    expect(within(thursday).getAllByRole('listitem')).toHaveLength(3);
    expect(within(thursday).getByText('5').className).toBe('calendar-count');
    expect(within(thursday).getByRole('button', { name: /Busy 1/ }).textContent).toContain('08:00');
    expect(within(thursday).queryByRole('button', { name: /Busy 4/ })).toBeNull();
    await userEvent.click(within(thursday).getByRole('button', { name: '+2 more events' }));
    expect(screen.getByRole('heading', { name: /^Thursday,? 12 March 2026 \(5 events\)$/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Busy/ })).toHaveLength(5);
  });

  it('marks today, and places posts on the organization’s days (New York: 02:30 UTC is the evening before)', async () => {
    const late = post({ content: 'Late evening', scheduled_time: '2026-03-11T02:30:00.000Z' });
    renderCalendar({ data: () => ({ timezone: 'America/New_York', posts: [late], autoSchedules: [] }) });
    await screen.findByRole('table', { name: 'March 2026' });
    expect(within(cellOf(/^Tuesday,? 10 March 2026, 1 event$/)).getByRole('button', { name: /Late evening/ }).textContent).toContain('22:30');
    expect(dayButton(/^Wednesday,? 11 March 2026 \(today\), 0 events$/).getAttribute('aria-current')).toBe('date');
    expect(screen.getByText(/Times in America\/New_York/)).toBeTruthy();
  });

  it('shows platform icons on events, and auto-schedule slots from now on beside posts (not a slot whose post exists)', async () => {
    const weekly = schedule({ name: 'Monday tips', platforms: 'X,Instagram' });
    const made = post({ content: 'Made for the 16th', auto_schedule_id: weekly.id, scheduled_time: '2026-03-16T09:00:00.000Z', status: 'pending_review' });
    const once = schedule({ name: 'Launch', day_of_week: null, time_of_day: null, specific_date: '2026-03-20T15:00:00.000Z', platforms: 'Telegram' });
    const paused = schedule({ name: 'Paused one', active: false });
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [made], autoSchedules: [weekly, once, paused] }) });
    await screen.findByRole('table', { name: 'March 2026' });
    // Mondays: 9 March has passed, 16 March has its post, 23 and 30 March and 6 April are slots.
    expect(screen.getAllByRole('button', { name: /Monday tips/ })).toHaveLength(3);
    expect(within(cellOf(/^Monday,? 9 March 2026/)).queryByRole('button', { name: /Monday tips/ })).toBeNull();
    expect(within(cellOf(/^Monday,? 16 March 2026/)).getByRole('button', { name: /Made for the 16th/ })).toBeTruthy();
    const slot = within(cellOf(/^Monday,? 23 March 2026/)).getByRole('button', { name: /Monday tips/ });
    expect(within(slot).getByRole('img', { name: 'X' })).toBeTruthy();
    expect(within(slot).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(slot.getAttribute('draggable')).toBe('false');
    expect(within(cellOf(/^Friday,? 20 March 2026/)).getByRole('button', { name: /Launch/ }).textContent).toContain('15:00');
    expect(screen.queryByRole('button', { name: /Paused one/ })).toBeNull();
  });
});

describe('navigation and views', () => {
  it('previous, next and Today; Week shows 24 hours by 7 days from Sunday; a day opens the day view, by platform or by hour, and Back', async () => {
    const morning = post({ content: 'Morning LinkedIn and X', platforms: 'LinkedIn,X', scheduled_time: '2026-03-12T09:30:00.000Z' });
    const evening = post({ content: 'Evening Telegram', platforms: 'Telegram', scheduled_time: '2026-03-12T18:00:00.000Z' });
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [morning, evening], autoSchedules: [] }) });
    await screen.findByRole('table', { name: 'March 2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('table', { name: 'April 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('table', { name: 'February 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('table', { name: 'March 2026' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
    const week = screen.getByRole('table', { name: 'Week of 8 – 14 March 2026' });
    const rows = within(week).getAllByRole('row');
    expect(rows).toHaveLength(25);
    expect(within(rows[0]!).getAllByRole('columnheader').slice(1).map((th) => th.querySelector('[aria-hidden]')?.textContent)).toEqual(['Sun 8', 'Mon 9', 'Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Sat 14']);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('00:00');
    expect(within(rows[24]!).getByRole('rowheader').textContent).toBe('23:00');
    expect(within(rows[10]!).getByRole('button', { name: /Morning LinkedIn and X/ })).toBeTruthy(); // the 09:00 row, Thursday
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('table', { name: 'Week of 15 – 21 March 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));

    await userEvent.click(dayButton(/^Thursday,? 12 March 2026, 2 events$/));
    const byPlatform = screen.getByRole('region', { name: /Thursday,? 12 March 2026/ });
    expect(within(byPlatform).getAllByRole('heading', { level: 4 }).map((h) => h.textContent?.trim())).toEqual(['X', 'LinkedIn', 'Telegram']);
    expect(within(screen.getByRole('region', { name: 'LinkedIn, 1 event' })).getByRole('button', { name: /Morning/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'By hour' }));
    const hours = screen.getByRole('table', { name: /12 March 2026 by hour/ });
    expect(within(hours).getAllByRole('row')).toHaveLength(24);
    expect(within(within(hours).getAllByRole('row')[18]!).getByRole('button', { name: /Evening Telegram/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: /^Friday,? 13 March 2026 \(0 events\)$/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('table', { name: 'Week of 8 – 14 March 2026' })).toBeTruthy();
  });

  it('the view and its day are in the address: a link opens them, and moving around changes them', async () => {
    renderCalendar({ path: '/organization/calendar?view=week&date=2026-04-15' });
    expect(await screen.findByRole('table', { name: 'Week of 12 – 18 April 2026' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('search').textContent).toBe('?view=week&date=2026-04-22');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('table', { name: 'April 2026' })).toBeTruthy();
    cleanup();
    renderCalendar({ path: '/organization/calendar?view=nonsense&date=2026-02-30' });
    expect(await screen.findByRole('table', { name: 'March 2026' })).toBeTruthy();
  });

  it('Refresh loads again; a load failure shows its message with Retry', async () => {
    let fail = true;
    let loads = 0;
    renderCalendar({
      data: () => {
        loads += 1;
        if (fail) throw apiError(503, { message: 'Part of this page could not be loaded: posts.' }, 'Service unavailable');
        return { timezone: 'UTC', posts: [post({ content: 'Back again' })], autoSchedules: [] };
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Part of this page could not be loaded: posts.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Back again/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(loads).toBe(3));
  });
});

describe('the detail dialog', () => {
  it('shows a post and closes 300 ms after Close', async () => {
    const thursday = post({ content: 'Fresh bread on Thursday\nSecond line', platforms: 'LinkedIn,X', status: 'pending_review' });
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [thursday], autoSchedules: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Fresh bread on Thursday/ }));
    const dialog = screen.getByRole('dialog', { name: 'Fresh bread on Thursday' });
    expect(within(dialog).getByText('12/Mar/2026 09:30')).toBeTruthy();
    expect(within(dialog).getByText('Pending review')).toBeTruthy();
    expect(within(dialog).getByText('LinkedIn')).toBeTruthy();
    expect(within(dialog).getByText(/Second line/)).toBeTruthy();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS - 10));
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Edit Post goes to the designer with editingPost and returnToRoute', async () => {
    const thursday = post();
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [thursday], autoSchedules: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Fresh bread/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Post' }));
    expect(location()).toBe('/organization/designer');
    expect(routeState()).toEqual({ editingPost: thursday, returnToRoute: '/organization/calendar' });
  });

  it('marks a queued platform whose connection is gone: it will not publish there until connected again', async () => {
    const at = '2026-03-11T12:00:00.000Z';
    const queued = post({ status: 'approved', platforms: 'X,LinkedIn', publications: { x: { status: 'queued', link: null, reason: null, at }, linkedin: { status: 'queued', link: null, reason: null, at } } });
    renderCalendar({
      data: () => ({ timezone: 'UTC', posts: [queued], autoSchedules: [] }),
      change: (call) => (call.path === `/organizations/${ORG_ID}` ? { platforms: { X: { is_connected: true } } } : {}),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Fresh bread/ }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(ConnectionMessages.queuedWithoutConnection('LinkedIn'))).toBeTruthy();
    expect(within(dialog).queryByText(ConnectionMessages.queuedWithoutConnection('X'))).toBeNull();
  });

  it('View Full Post goes to Post Review with highlightPostId', async () => {
    const thursday = post();
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [thursday], autoSchedules: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Fresh bread/ }));
    await userEvent.click(screen.getByRole('button', { name: 'View Full Post' }));
    expect(location()).toBe('/organization/posts');
    expect(routeState()).toEqual({ highlightPostId: thursday.id });
  });

  it('Edit Schedule goes to the auto scheduler with editingSchedule and returnToRoute, from a slot or from its post', async () => {
    const weekly = schedule({ name: 'Monday tips' });
    const made = post({ content: 'From Monday tips', auto_schedule_id: weekly.id, scheduled_time: '2026-03-16T09:00:00.000Z' });
    renderCalendar({ data: () => ({ timezone: 'UTC', posts: [made], autoSchedules: [weekly] }) });
    await userEvent.click(await screen.findByRole('button', { name: /From Monday tips/ }));
    expect(within(screen.getByRole('dialog', { name: 'From Monday tips' })).getByText('Monday tips: Every Monday at 09:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getAllByRole('button', { name: /Monday tips.*Auto-schedule slot/ })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Monday tips' });
    expect(within(dialog).getByText('Auto-schedule')).toBeTruthy();
    expect(within(dialog).getByText('23/Mar/2026 09:00')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Edit Post' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Move' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Schedule' }));
    expect(location()).toBe('/organization/autopost');
    expect(routeState()).toEqual({ editingSchedule: weekly, returnToRoute: '/organization/calendar' });
  });
});

/** calendar-data and the update answered; the update's call recorded and the post moved in the next load. */
function movable(start = post({ content: 'Movable', scheduled_time: '2026-03-12T09:30:00.000Z' }), others: ReturnType<typeof post>[] = []) {
  let current = start;
  const updates: Call[] = [];
  const page = renderCalendar({
    data: () => ({ timezone: 'America/New_York', posts: [current, ...others], autoSchedules: [] }),
    change: (call) => {
      if (call.method === 'POST' && call.path === `/posts/${start.id}/update`) {
        updates.push(call);
        current = { ...current, scheduled_time: (call.body as { scheduled_time: string }).scheduled_time };
        return { post: current, message: PostMessages.postUpdated };
      }
      return undefined;
    },
  });
  return { ...page, updates };
}

function drag(source: HTMLElement, target: HTMLElement) {
  fireEvent.dragStart(source);
  fireEvent.dragOver(target);
  fireEvent.drop(target);
  fireEvent.dragEnd(source);
}

describe('moving a post', () => {
  it('by mouse: dropped on another day it asks to confirm, keeps the local time of day, then saves it', async () => {
    // 09:30 in New York on Thursday 12 March (EDT since the 8th).
    const { updates, toasts } = movable(post({ content: 'Movable', scheduled_time: '2026-03-12T13:30:00.000Z' }));
    const source = await screen.findByRole('button', { name: /Movable/ });
    expect(source.getAttribute('draggable')).toBe('true');
    drag(source, cellOf(/^Monday,? 16 March 2026/));
    const dialog = screen.getByRole('dialog', { name: 'Move this post?' });
    expect(dialog.textContent).toContain('from 12/Mar/2026 09:30 to 16/Mar/2026 09:30 (America/New_York)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates).toHaveLength(0);

    drag(screen.getByRole('button', { name: /Movable/ }), cellOf(/^Monday,? 16 March 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Move post' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]!.body).toEqual({ scheduled_time: '2026-03-16T13:30:00.000Z' });
    expect(toasts).toContainEqual({ kind: 'success', message: PostMessages.postUpdated });
    await waitFor(() => expect(within(cellOf(/^Monday,? 16 March 2026/)).getByRole('button', { name: /Movable/ })).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in the week view, dropped on an hour it takes that hour and keeps the minutes', async () => {
    const { updates } = movable(post({ content: 'Movable', scheduled_time: '2026-03-12T13:30:00.000Z' }));
    await screen.findByRole('button', { name: /Movable/ });
    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    const rows = within(screen.getByRole('table', { name: /Week of/ })).getAllByRole('row');
    const fridayAt15 = within(rows[16]!).getAllByRole('cell')[5]!;
    drag(screen.getByRole('button', { name: /Movable/ }), fridayAt15);
    expect(screen.getByRole('dialog').textContent).toContain('to 13/Mar/2026 15:30');
    await userEvent.click(screen.getByRole('button', { name: 'Move post' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ scheduled_time: '2026-03-13T19:30:00.000Z' }));
  });

  it('by keyboard: M, the arrows, Enter and a confirmation; Escape cancels', async () => {
    const { updates } = movable(post({ content: 'Movable', scheduled_time: '2026-03-12T13:30:00.000Z' }));
    const source = await screen.findByRole('button', { name: /Movable/ });
    source.focus();
    await userEvent.keyboard('m');
    expect(source.getAttribute('aria-pressed')).toBe('true');
    expect(announcement()).toMatch(/^Moving “Movable”\. Arrow keys choose the day/);
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(announcement()).toBe('To 20/Mar/2026 09:30');
    expect(cellOf(/^Friday,? 20 March 2026/).className).toContain('calendar-drop-target');
    await userEvent.keyboard('{Escape}');
    expect(announcement()).toBe('Move cancelled.');
    expect(cellOf(/^Friday,? 20 March 2026/).className).not.toContain('calendar-drop-target');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.keyboard('m{ArrowLeft}{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Move this post?' });
    expect(dialog.textContent).toContain('to 11/Mar/2026 09:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move post' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ scheduled_time: '2026-03-11T13:30:00.000Z' }));
    // Focus follows the post to its new day.
    await waitFor(() => expect(within(cellOf(/^Wednesday,? 11 March 2026/)).getByRole('button', { name: /Movable/ })).toBe(document.activeElement));
  });

  it('Move in the detail dialog starts a keyboard move', async () => {
    movable();
    await userEvent.click(await screen.findByRole('button', { name: /Movable/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Movable/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Movable/ }));
  });

  it('refuses a published or rejected post, and a time that has passed, saying why', async () => {
    const published = post({ content: 'Already out', status: 'published', scheduled_time: '2026-03-12T14:00:00.000Z' });
    const rejected = post({ content: 'Turned down', status: 'rejected', scheduled_time: '2026-03-13T14:00:00.000Z' });
    const { updates } = movable(post({ content: 'Movable', scheduled_time: '2026-03-12T13:30:00.000Z' }), [published, rejected]);
    // Neither looks nor acts movable: not draggable, no M shortcut, and its tooltip says why (issue 30).
    const out = await screen.findByRole('button', { name: /Already out/ });
    expect(out.getAttribute('draggable')).toBe('false');
    expect(out.getAttribute('aria-keyshortcuts')).toBeNull();
    expect(out.getAttribute('title')).toBe(MoveRefusals.published);
    expect(screen.getByRole('button', { name: /Turned down/ }).getAttribute('title')).toBe(PostMessages.onlyDelete('rejected'));
    const movablePost = screen.getByRole('button', { name: /Movable/ });
    expect([movablePost.getAttribute('draggable'), movablePost.getAttribute('aria-keyshortcuts'), movablePost.getAttribute('title')]).toEqual(['true', 'M', null]);
    out.focus();
    await userEvent.keyboard('m');
    expect(screen.getByRole('alert').textContent).toContain(MoveRefusals.published);
    expect(out.getAttribute('aria-pressed')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    screen.getByRole('button', { name: /Turned down/ }).focus();
    await userEvent.keyboard('m');
    expect(screen.getByRole('alert').textContent).toContain(PostMessages.onlyDelete('rejected'));
    await userEvent.click(screen.getByRole('button', { name: /Already out/ }));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Move' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    // The dialog closes 300 ms later; the page behind is inert (aria-hidden) until then.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    drag(screen.getByRole('button', { name: /Movable/ }), cellOf(/^Monday,? 2 March 2026/));
    expect(screen.getByRole('alert').textContent).toContain(PostMessages.scheduledTimeInPast);
    expect(updates).toHaveLength(0);
  });

  it('shows the server’s refusal in the confirmation, or the spec’s words without one', async () => {
    const start = post({ content: 'Movable' });
    let answer: Error = apiError(403, { message: 'This account is inactive. Please activate it to configure.' }, 'Forbidden');
    renderCalendar({
      data: () => ({ timezone: 'UTC', posts: [start], autoSchedules: [] }),
      change: (call) => {
        if (call.path === `/posts/${start.id}/update`) throw answer;
        return undefined;
      },
    });
    drag(await screen.findByRole('button', { name: /Movable/ }), cellOf(/^Monday,? 16 March 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Move post' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('This account is inactive. Please activate it to configure.');
    answer = new Error('network');
    await userEvent.click(screen.getByRole('button', { name: 'Move post' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(UPDATE_FAILED));
  });
});

describe('gates', () => {
  it('a user without the calendar feature goes to /plan-selection; a capability grant lets a basic user in', async () => {
    const { calls } = renderCalendar({ user: { role: 'basic' } });
    await waitFor(() => expect(location()).toBe('/plan-selection'));
    expect(calls.filter((call) => call.path.includes('calendar-data'))).toHaveLength(0);
    cleanup();
    renderCalendar({ user: { role: 'basic', capabilities: { can_use_generator: false, can_use_calendar: true, can_use_auto_post: false, can_use_post_review: false } } });
    expect(await screen.findByRole('table', { name: 'March 2026' })).toBeTruthy();
    cleanup();
    renderCalendar({ user: { role: 'test' } });
    await waitFor(() => expect(location()).toBe('/plan-selection'));
  });

  it('without a selected organization it goes to /', async () => {
    const { calls } = renderCalendar({ selected: false });
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls).toHaveLength(0);
  });

  it('asks for the selected organization’s data', async () => {
    const { calls } = renderCalendar();
    await screen.findByRole('table');
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/organizations/${ORG_ID}/calendar-data` });
  });
});
