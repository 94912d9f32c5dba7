/**
 * The Calendar (/organization/calendar) in headless Chromium against the whole
 * product (`npm start`): a Professional-plan user (bought in the billing
 * sandbox) whose organization is in New York sees the posts scheduled through
 * the API by month, week and day, drags one to another day and moves another
 * with the keyboard, each confirmed and changed in the posts service; the
 * page passes axe and fits a phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOfWallClock, PostMessages, wallClockAt } from '@planner/contracts';
import { logIn, paidUserWithOrganization, type PaidUser } from './paid-user.js';
import { startSystem, type RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_SCREENSHOTS=$PWD/docs/screenshots keeps them (docs/screenshots/README.md). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-screens-'));
const ZONE = 'America/New_York';
const DAY = 86_400_000;
const HOUR = 3_600_000;

let system: RunningSystem;
let browser: Browser;
let page: Page;
let owner: PaidUser;
const pageErrors: string[] = [];

/** Tomorrow in the organization's zone (its midnight as a wall time): the posts' days are counted from it, all inside the month's grid. */
const tomorrow = Math.floor(wallClockAt(Date.now(), ZONE) / DAY) * DAY + DAY;
const at = (days: number, hours: number) => tomorrow + days * DAY + hours * HOUR;
/** A wall time as the API takes a local time, YYYY-MM-DDTHH:mm. */
const localTime = (wall: number) => new Date(wall).toISOString().slice(0, 16);
const instantOf = (wall: number) => instantOfWallClock(wall, ZONE).toISOString();

/** The name a day's button starts with ('Thursday 12 March 2026', with a comma in some ICU versions). */
function dayName(wall: number): RegExp {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(wall));
  return new RegExp(`^${part({ weekday: 'long' })},? ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`);
}

async function schedulePost(content: string, wall: number): Promise<string> {
  const form = new FormData();
  form.append('organization_id', owner.organizationId);
  form.append('platforms', 'LinkedIn,X');
  form.append('content', content);
  form.append('media_type', 'text');
  form.append('scheduled_time', localTime(wall));
  const response = await fetch(`${system.url}/api/schedule_post/later`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

const scheduledTime = async (id: string) =>
  ((await (await fetch(`${system.url}/api/posts/${id}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as { scheduled_time: string }).scheduled_time;

const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

async function expectNoSeriousAxeViolations(where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
  console.log(`axe violations on ${where}`, JSON.stringify(found));
  expect(found.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

let dragged: string;
let keyed: string;

beforeAll(async () => {
  system = await startSystem();
  owner = await paidUserWithOrganization(system, { prefix: 'calendar', organization: 'Calendar Bakery', timezone: ZONE });
  dragged = await schedulePost('Sourdough Saturday is back', at(0, 10));
  keyed = await schedulePost('Rye bread tasting this week', at(1, 14.5));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('the calendar in a browser', () => {
  it('shows the posts by month, week and day; a drag and a keyboard move change their times; axe clean; fits a phone', async () => {
    await logIn(page, system, owner);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.getByText(`Times in ${ZONE}`).waitFor();
    const month = page.getByRole('table').first();
    const cell = (wall: number) => month.locator('td').filter({ has: page.getByRole('button', { name: dayName(wall) }) });
    await cell(at(0, 0)).getByRole('button', { name: /Sourdough Saturday is back/ }).waitFor();
    expect(await cell(at(0, 0)).getByRole('button', { name: /Sourdough/ }).textContent()).toContain('10:00');
    expect(await cell(at(1, 0)).getByRole('button', { name: /Rye bread/ }).getByRole('img', { name: 'LinkedIn' }).count()).toBe(1);
    await expectNoSeriousAxeViolations('/organization/calendar (month)');
    await shot('calendar-month');

    // Mouse: dragged to two days later, confirmed; the time of day is kept, in New York.
    await cell(at(0, 0)).getByRole('button', { name: /Sourdough/ }).dragTo(cell(at(2, 0)));
    const confirm = page.getByRole('dialog', { name: 'Move this post?' });
    await confirm.waitFor();
    await shot('calendar-move-confirmation');
    await confirm.getByRole('button', { name: 'Move post' }).click();
    await page.getByText(PostMessages.postUpdated).first().waitFor();
    await cell(at(2, 0)).getByRole('button', { name: /Sourdough/ }).waitFor();
    expect(await scheduledTime(dragged)).toBe(instantOf(at(2, 10)));

    // Keyboard: focus, M, a day to the right, Enter, then the confirmation.
    await cell(at(1, 0)).getByRole('button', { name: /Rye bread/ }).focus();
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Move post' }).click();
    await cell(at(2, 0)).getByRole('button', { name: /Rye bread/ }).waitFor();
    expect(await scheduledTime(keyed)).toBe(instantOf(at(2, 14.5)));

    // The detail dialog.
    await cell(at(2, 0)).getByRole('button', { name: /Rye bread/ }).click();
    const details = page.getByRole('dialog', { name: 'Rye bread tasting this week' });
    await details.getByRole('button', { name: 'Edit Post' }).waitFor();
    await expectNoSeriousAxeViolations('the event dialog');
    await shot('calendar-event-dialog');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    // Week: 24 hours from Sunday; the week of the posts' day.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const sunday = at(2, 0) - new Date(at(2, 0)).getUTCDay() * DAY;
    const postsWeek = page.getByRole('table', { name: new RegExp(`^Week of ${new Date(sunday).getUTCDate()} `) });
    for (let step = 0; step < 2 && !(await postsWeek.count()); step += 1) await page.getByRole('button', { name: 'Next' }).click();
    const week = page.getByRole('table', { name: /^Week of/ });
    expect(await week.getByRole('row').count()).toBe(25);
    await week.getByRole('button', { name: /Sourdough/ }).waitFor();
    await week.getByRole('button', { name: /Rye bread/ }).waitFor();
    await expectNoSeriousAxeViolations('the week view');
    await shot('calendar-week');

    // Day: by platform, then by hour; Back.
    await week.getByRole('button', { name: dayName(at(2, 0)) }).click();
    const day = page.getByRole('region', { name: dayName(at(2, 0)) });
    await day.getByRole('heading', { name: 'LinkedIn' }).waitFor();
    expect(await day.getByRole('button', { name: /Sourdough/ }).count()).toBe(2); // under LinkedIn and under X
    await expectNoSeriousAxeViolations('the day view');
    await shot('calendar-day');
    await page.getByRole('button', { name: 'By hour' }).click();
    await page.getByRole('table', { name: /by hour$/ }).getByRole('button', { name: /Rye bread/ }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('table', { name: /^Week of/ }).waitFor();
    expect(pageErrors).toEqual([]);

    // A phone: no sideways scrolling of the page (the week scrolls within itself); the month a grid of days and counts; a day opens its events.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByRole('table', { name: /^Week of/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.getByRole('table', { name: /\d{4}$/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot('calendar-phone');
    await page.getByRole('button', { name: dayName(at(2, 0)) }).click();
    await page.getByRole('region', { name: dayName(at(2, 0)) }).getByRole('button', { name: /Rye bread/ }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot('calendar-phone-day');
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
