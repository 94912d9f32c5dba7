import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutoScheduleMessages, OrganizationMessages, PostMessages } from '@planner/contracts';
import { AutoSchedulerPage, LOADING_SCHEDULES } from '../src/AutoSchedulerPage.js';
import { NO_LINKED_ACCOUNTS, NO_TEMPLATES } from '../src/ScheduleForm.js';
import { apiError, autopostData, ORG_ID, renderPage, reviewHost, schedule, template, type Call } from './support.js';

// Typing into the form key by key takes seconds on a busy machine (the default is 5 s).
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PATH = '/organization/autopost';
const DATA_PATH = `/organizations/${ORG_ID}/autopost-data`;

/** A host whose autopost-data is `data()`, and whose changes answer `answer(call)`. */
function schedulerHost(data = () => autopostData(), answer: (call: Call) => unknown = () => ({ message: 'ok' }), options: Parameters<typeof reviewHost>[1] = {}) {
  return reviewHost((call) => (call.method === 'GET' && call.path === DATA_PATH ? data() : answer(call)), options);
}
const sent = (calls: Call[], method: string) => calls.find((c) => c.method === method);
const openForm = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Create a schedule' }));
  return screen.getByRole('form', { name: 'New schedule' });
};

describe('Auto Scheduler: the list', () => {
  it('says it is loading, then that there are no schedules', async () => {
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const { host } = reviewHost(async (call) => {
      if (call.path === DATA_PATH) await ready;
      return autopostData();
    });
    renderPage(AutoSchedulerPage, host, PATH);
    expect(await screen.findByText(LOADING_SCHEDULES)).toBeTruthy();
    release();
    expect(await screen.findByText(PostMessages.noSchedules)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Auto Scheduler', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Scheduled Posts' })).toBeTruthy();
  });

  it('shows each schedule with its platforms, timing and next three times in the account’s zone', async () => {
    const { host } = schedulerHost(() => autopostData({ autoSchedules: [schedule('s1', { name: 'Monday bread', day_of_week: 'monday', time_of_day: '09:00' })] }));
    renderPage(AutoSchedulerPage, host, PATH);
    const item = (await screen.findByRole('heading', { name: 'Monday bread' })).closest('li')!;
    expect(within(item).getByText('Active')).toBeTruthy();
    expect(within(item).getByText(/Every Monday at 09:00/)).toBeTruthy();
    const times = within(item).getAllByRole('time');
    expect(times).toHaveLength(3);
    for (const time of times) {
      const at = new Date(time.getAttribute('datetime')!);
      // 09:00 in New York is 13:00 or 14:00 UTC on a Monday.
      expect([13, 14]).toContain(at.getUTCHours());
      expect(time.textContent).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4} 09:00$/);
    }
    expect(within(item).getByText('Next posts (America/New_York):')).toBeTruthy();
    expect(within(within(item).getByRole('list', { name: 'Platforms' })).getByText('LinkedIn')).toBeTruthy();
  });

  it('shows a load failure with Retry', async () => {
    let fail = true;
    const { host } = schedulerHost(() => {
      if (fail) throw apiError(503, { message: 'Part of this page could not be loaded (autoSchedules).' });
      return autopostData();
    });
    renderPage(AutoSchedulerPage, host, PATH);
    expect(await screen.findByText('Part of this page could not be loaded (autoSchedules).')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(PostMessages.noSchedules)).toBeTruthy();
  });

  it('without a selected organization says the ID is missing, for 3 s', async () => {
    const { host, toasts } = schedulerHost(undefined, undefined, { organization: null });
    renderPage(AutoSchedulerPage, host, PATH);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: PostMessages.organizationIdMissing, durationMs: 3000 }));
  });

  it('an inactive organization is shown read-only', async () => {
    const { host } = schedulerHost(() => autopostData({ autoSchedules: [schedule('s1')] }), undefined, { organization: { is_active: false } });
    renderPage(AutoSchedulerPage, host, PATH);
    expect(await screen.findByText(OrganizationMessages.inactive)).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Delete Schedule s1' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create a schedule' })).toBeNull();
  });
});

describe('Auto Scheduler: creating', () => {
  it('checks the rules in the spec’s words, clears them after 10 s, then creates with the defaults', async () => {
    const { host, calls, toasts } = schedulerHost(undefined, (call) => (call.method === 'POST' ? { ...schedule('s9'), message: AutoScheduleMessages.added } : {}));
    renderPage(AutoSchedulerPage, host, PATH);
    const form = await openForm();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(within(form).getAllByText(PostMessages.scheduleNameRequired).length).toBeGreaterThan(0);
    expect(within(form).getAllByText(PostMessages.selectPlatform).length).toBeGreaterThan(0);
    expect(within(form).getByLabelText('Schedule name').getAttribute('aria-invalid')).toBe('true');
    await act(async () => vi.advanceTimersByTime(9900));
    expect(within(form).queryAllByText(PostMessages.scheduleNameRequired).length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTime(200));
    expect(within(form).queryAllByText(PostMessages.scheduleNameRequired)).toHaveLength(0);
    vi.useRealTimers();

    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Weekly bread');
    await userEvent.click(within(form).getByLabelText('X'));
    expect((within(form).getByLabelText('Day of the week') as HTMLSelectElement).value).toBe('monday');
    expect((within(form).getByLabelText('Review before publishing') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    expect(sent(calls, 'POST')).toMatchObject({
      path: '/auto-schedule',
      body: { organization_id: ORG_ID, name: 'Weekly bread', platforms: ['X'], specific_media_type: 'text', day_of_week: 'monday', review_post_before_publishing: true, content_type: 'general' },
    });
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: AutoScheduleMessages.added }));
    expect(screen.queryByRole('form', { name: 'New schedule' })).toBeNull();
  });

  it('refuses a one-off date that has passed, and sends a date to come', async () => {
    const { host, calls } = schedulerHost(undefined, () => ({ ...schedule('s9'), message: AutoScheduleMessages.added }));
    renderPage(AutoSchedulerPage, host, PATH);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Launch');
    await userEvent.click(within(form).getByLabelText('LinkedIn'));
    await userEvent.click(within(form).getByLabelText('Once, on a date'));
    expect(within(form).queryByLabelText('Day of the week')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Date and time'), '2020-01-01T10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(within(form).getAllByText(PostMessages.scheduledTimeInPast).length).toBeGreaterThan(0);
    await userEvent.clear(within(form).getByLabelText('Date and time'));
    await userEvent.type(within(form).getByLabelText('Date and time'), '2099-01-01T10:00');
    expect(within(form).getByText(/Next: 01\/Jan\/2099 10:00/)).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent(calls, 'POST')?.body).toMatchObject({ specific_date: '2099-01-01T10:00', platforms: ['LinkedIn'] }));
  });

  it('a template fills the content settings and opens them; specific content clears it and closes them; the business data hint', async () => {
    const templates = [template('t1', 'Weekly', { data: 'We bake bread', tone: 'friendly' })];
    renderPage(AutoSchedulerPage, schedulerHost(() => autopostData({ templates })).host, PATH);
    const form = await openForm();
    const toggle = within(form).getByRole('button', { name: 'Generated content settings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.selectOptions(within(form).getByLabelText('Template'), 't1');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((within(form).getByLabelText('Custom Business Data') as HTMLTextAreaElement).value).toBe('We bake bread');
    expect((within(form).getByLabelText('Tone') as HTMLSelectElement).value).toBe('friendly');
    await userEvent.type(within(form).getByLabelText('Specific Post Content'), 'Fresh loaves today');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect((within(form).getByLabelText('Template') as HTMLSelectElement).value).toBe('');
    expect(within(form).getByText(PostMessages.businessDataWithContent)).toBeTruthy();
    await userEvent.click(within(form).getByLabelText('X'));
    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Bread');
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    // The template's business data stayed: refused with the spec's words.
    expect(within(form).getAllByText(PostMessages.businessDataWithContent).length).toBeGreaterThan(1);
  });

  it('for media types: AI media for images, Coming Soon for videos, and the review time’s bounds', async () => {
    const { host, calls } = schedulerHost(undefined, () => ({ ...schedule('s9'), message: AutoScheduleMessages.added }));
    renderPage(AutoSchedulerPage, host, PATH);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Pictures');
    await userEvent.click(within(form).getByLabelText('X'));
    await userEvent.selectOptions(within(form).getByLabelText('Media type'), 'video');
    expect(within(form).getByText(`AI-generated media: ${PostMessages.comingSoon}`)).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(within(form).getAllByText(PostMessages.addMedia('video')).length).toBeGreaterThan(0);
    await userEvent.selectOptions(within(form).getByLabelText('Media type'), 'image');
    await userEvent.click(within(form).getByLabelText(/AI-generated media for each post/));
    await userEvent.type(within(form).getByLabelText('Review time before posting (minutes)'), '43201');
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(within(form).getAllByText(OrganizationMessages.reviewTimeTooLong).length).toBeGreaterThan(0);
    await userEvent.clear(within(form).getByLabelText('Review time before posting (minutes)'));
    await userEvent.type(within(form).getByLabelText('Review time before posting (minutes)'), '90');
    expect(within(form).getByText('Each post is made 1 hour 30 minutes before its time, for review.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent(calls, 'POST')?.body).toMatchObject({ specific_media_type: 'image', generate_media: true, specific_before_post_review_time: 90 }));
  });

  it('uploads files as data for the schedule', async () => {
    const { host, calls } = schedulerHost(undefined, () => ({ ...schedule('s9'), message: AutoScheduleMessages.added }));
    renderPage(AutoSchedulerPage, host, PATH);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Pictures');
    await userEvent.click(within(form).getByLabelText('X'));
    await userEvent.selectOptions(within(form).getByLabelText('Media type'), 'image');
    await userEvent.upload(within(form).getByLabelText('Upload image media'), new File(['png!'], 'loaf.png', { type: 'image/png' }));
    expect(await within(form).findByText('loaf.png')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent(calls, 'POST')).toBeDefined());
    const body = sent(calls, 'POST')!.body as { specific_media: { name: string; data: string }[] };
    expect(body.specific_media).toEqual([{ name: 'loaf.png', data: expect.stringMatching(/^data:image\/png;base64,/) }]);
  });

  it('shows the server’s refusal in the form', async () => {
    const { host } = schedulerHost(undefined, () => {
      throw apiError(400, { message: 'Please choose a time in the future.' });
    });
    renderPage(AutoSchedulerPage, host, PATH);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Schedule name'), 'Bread');
    await userEvent.click(within(form).getByLabelText('X'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create schedule' }));
    expect(await within(form).findByText('Please choose a time in the future.')).toBeTruthy();
  });
});

describe('Auto Scheduler: edit, delete, pause and activate, each confirmed', () => {
  const saved = schedule('s1', { name: 'Monday bread', specific_media_type: 'image', specific_media: `${ORG_ID}/a.png,${ORG_ID}/b.png` });

  it('edits: the form reads the schedule, asks before updating, sends what it keeps, shows the answer', async () => {
    const { host, calls, toasts } = schedulerHost(() => autopostData({ autoSchedules: [saved] }), (call) =>
      call.method === 'PUT' ? { ...saved, changes: { timing: true, content: false }, message: AutoScheduleMessages.updatedRescheduled } : {},
    );
    renderPage(AutoSchedulerPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Monday bread' }));
    const form = screen.getByRole('form', { name: 'Edit schedule Monday bread' });
    expect((within(form).getByLabelText('Schedule name') as HTMLInputElement).value).toBe('Monday bread');
    await userEvent.click(within(form).getByLabelText('Keep b.png'));
    await userEvent.selectOptions(within(form).getByLabelText('Day of the week'), 'friday');
    await userEvent.click(within(form).getByRole('button', { name: 'Update schedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Update schedule' });
    expect(sent(calls, 'PUT')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent(calls, 'PUT')).toBeDefined());
    expect(sent(calls, 'PUT')).toMatchObject({ path: '/auto-schedule/s1', body: { day_of_week: 'friday', specific_date: null, media_to_keep: [`${ORG_ID}/a.png`] } });
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: AutoScheduleMessages.updatedRescheduled }));
  });

  it('edits the schedule the calendar names, then goes back where it came from', async () => {
    const { host, calls } = schedulerHost(() => autopostData({ autoSchedules: [saved] }), () => ({ ...saved, changes: { timing: false, content: false }, message: AutoScheduleMessages.updated }));
    renderPage(AutoSchedulerPage, host, { pathname: PATH, state: { editingSchedule: saved, returnToRoute: '/organization/calendar' } });
    const form = await screen.findByRole('form', { name: 'Edit schedule Monday bread' });
    await userEvent.click(within(form).getByRole('button', { name: 'Update schedule' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Update schedule' })).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/organization/calendar'));
    expect(sent(calls, 'PUT')).toBeDefined();
  });

  it('opens the calendar’s schedule once: cancelled, a reload of the list does not reopen it', async () => {
    let current = saved;
    const { host } = schedulerHost(
      () => autopostData({ autoSchedules: [current] }),
      () => {
        current = { ...saved, active: false };
        return { ...current, message: AutoScheduleMessages.paused };
      },
    );
    renderPage(AutoSchedulerPage, host, { pathname: PATH, state: { editingSchedule: saved, returnToRoute: '/organization/calendar' } });
    const form = await screen.findByRole('form', { name: 'Edit schedule Monday bread' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause Monday bread' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Pause schedule' })).getByRole('button', { name: 'Pause' }));
    // The list is reloaded with the schedule paused: still no form.
    expect(await screen.findByRole('button', { name: 'Activate Monday bread' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit schedule Monday bread' })).toBeNull();
  });

  it('deletes, with its related posts when asked, and its media', async () => {
    const { host, calls, toasts } = schedulerHost(() => autopostData({ autoSchedules: [saved] }), () => ({ message: AutoScheduleMessages.deletedWithPosts, deleted_media: [], media_in_use: [] }));
    renderPage(AutoSchedulerPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Monday bread' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete schedule' });
    expect(within(dialog).getByText('Are you sure you want to delete the schedule Monday bread?')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Also delete its related posts that have not been published'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(calls, 'DELETE')).toBeDefined());
    expect(sent(calls, 'DELETE')).toMatchObject({ path: '/auto-schedule/s1', body: { delete_related_posts: true, media_keys: [`${ORG_ID}/a.png`, `${ORG_ID}/b.png`] } });
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: AutoScheduleMessages.deletedWithPosts }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pauses and activates after asking', async () => {
    const paused = schedule('s2', { name: 'Friday news', active: false });
    const { host, calls } = schedulerHost(() => autopostData({ autoSchedules: [saved, paused] }), (call) => ({ ...saved, message: (call.body as { active: boolean }).active ? AutoScheduleMessages.activated : AutoScheduleMessages.paused }));
    renderPage(AutoSchedulerPage, host, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause Monday bread' }));
    let dialog = screen.getByRole('dialog', { name: 'Pause schedule' });
    expect(within(dialog).getByText('Are you sure you want to pause this schedule?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'PATCH')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Activate Friday news' }));
    dialog = screen.getByRole('dialog', { name: 'Activate schedule' });
    expect(within(dialog).getByText('Are you sure you want to activate this schedule?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(sent(calls, 'PATCH')).toMatchObject({ path: '/auto-schedule/s2/active', body: { active: true } }));
  });

  it('without connected platforms or templates says so, with the way to connect one', async () => {
    renderPage(AutoSchedulerPage, schedulerHost(() => autopostData({ activePlatforms: [] })).host, PATH);
    const form = await openForm();
    expect(within(form).getByText(new RegExp(NO_LINKED_ACCOUNTS))).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Configure Accounts' }).getAttribute('href')).toBe('/organization/config');
    expect(within(form).getByText(`Template: ${NO_TEMPLATES}`)).toBeTruthy();
  });
});
