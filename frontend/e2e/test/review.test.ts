/**
 * Post Review (/organization/posts) and the Auto Scheduler (/organization/autopost)
 * in headless Chromium against the whole product (`npm start`), publishing to a
 * Sandbox X connection: a post scheduled through the API and sent back to review
 * is approved in Post Review, the scheduler publishes it and its link shows on
 * the card; a weekly auto-schedule with review on is created in the form and its
 * pending post comes to Post Review; a publication that failed (its connection
 * was gone) shows the platform's reason, and Retry publishes it once the
 * connection is back. Both pages pass axe and fit a phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoScheduleMessages, ConnectionMessages, DAYS_OF_WEEK, PostMessages } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { apiCall, logInInBrowser, registerVerified, startSystem, TEST_TURNSTILE_TOKEN, type RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_SCREENSHOTS=$PWD/docs/screenshots keeps them (docs/screenshots/README.md). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-screens-'));
const stamp = Date.now() % 1e8;
const email = `review-${stamp}@example.com`;
const password = 'Str0ng!pass';
/** scripts/start.mjs's development admin. */
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
const SCHEDULED_TEXT = 'Fresh loaves every week, from the auto-schedule';

let system: RunningSystem;
let browser: Browser;
let page: Page;
let token: string;
let organizationId: string;
const pageErrors: string[] = [];

const api = <T,>(method: string, url: string, body?: unknown, auth = token) => apiCall<T>(system, method, url, body, auth);

const login = (who: { email: string; password: string }) =>
  api<{ access_token: string; user: { id: string; role: string } }>('POST', '/auth/login', { ...who, turnstile_token: TEST_TURNSTILE_TOKEN }, '');

/** A post for the Sandbox X connection, scheduled through the API (the post form's multipart call) `seconds` ahead; approved, as the form makes it. */
async function schedulePost(content: string, seconds: number): Promise<string> {
  const form = new FormData();
  form.append('organization_id', organizationId);
  form.append('platforms', 'X');
  form.append('content', content);
  form.append('media_type', 'text');
  form.append('scheduled_time', new Date(Date.now() + seconds * 1000).toISOString());
  const response = await fetch(`${system.url}/api/schedule_post/later`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`schedule_post/later: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/** The card of the post whose text is `content`. */
const cardOf = (content: string) => page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: content });

/** Shows the filter's posts, refreshing until the card of `content` shows `text`. */
async function waitOnCard(filter: string, content: string, text: string | RegExp, timeout = 60_000) {
  await page.getByLabel('Status').selectOption(filter);
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
        return cardOf(content).getByText(text).count();
      },
      { timeout, interval: 1500 },
    )
    .toBeGreaterThan(0);
}

async function axeSerious(name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
  console.log(`axe violations on ${name}`, JSON.stringify(found));
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function fitsAPhone(url: string, ready: () => Promise<void>) {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(url);
  await ready();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  // Slots open every 2 s instead of every minute, so the schedule's post comes while the test waits.
  system = await startSystem({ SLOT_OPENING_MS: '2000' });
  // A verified user on the starter plan (set by the admin, as part 1 §6 allows), with an organization and a Sandbox X connection.
  const registered = await registerVerified(system, { username: `review_${stamp}`, email, password });
  const admin = await login(ADMIN);
  await api('POST', '/subscriptions/admin/update', { user_id: registered.user.id, plan_type: 'starter', status: 'active' }, admin.access_token);
  // The role follows the plan by event (billing → auth).
  const session = await waitFor(() => login({ email, password }), (s) => s.user.role === 'starter', 30_000);
  token = session.access_token;
  const organization = await waitFor(() => api<{ id: string }>('POST', '/organizations', { name: 'Review Bakery' }).catch(() => null), (created) => created !== null, 15_000);
  organizationId = organization!.id;
  await api('POST', '/oauth/x/sandbox', { organization_id: organizationId });

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('post review and the auto scheduler in a browser', () => {
  it('approves a post that the scheduler then publishes, with its link on the card', async () => {
    const content = `Sourdough is back, post ${stamp}`;
    const postId = await schedulePost(content, 15);
    await api('POST', `/posts/${postId}/clear`); // back to pending review

    await logInInBrowser(page, system, email, password);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Review' }).click();
    await page.getByRole('heading', { name: 'Post Review', level: 1 }).waitFor();
    const card = cardOf(content);
    await card.getByText('Pending review').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.getByLabel('Approval notes (optional)').fill('Good to go');
    await card.getByRole('button', { name: 'Approve post' }).click();
    await page.getByText(PostMessages.approved).waitFor();
    // The banner goes after 5 s.
    await page.getByText(PostMessages.approved).waitFor({ state: 'detached', timeout: 8000 });

    await waitOnCard('published', content, 'View on X');
    const href = await cardOf(content).getByRole('link', { name: 'View on X' }).getAttribute('href');
    expect(href).toMatch(/\/api\/sandbox\/posts\/[0-9a-f-]{36}$/);
    const sandboxPage = await fetch(href!);
    expect(sandboxPage.status).toBe(200);
    expect(await sandboxPage.text()).toContain(content);
  }, 180_000);

  it('creates a weekly auto-schedule with review on whose pending post comes to Post Review', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Auto-Post' }).click();
    await page.getByRole('heading', { name: 'Auto Scheduler', level: 1 }).waitFor();
    await page.getByText(PostMessages.noSchedules).waitFor();
    await page.getByRole('button', { name: 'Create a schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Schedule name').fill('Weekly bread');
    await form.getByLabel('X', { exact: true }).check();
    // Its slot 3 minutes from now (the account is on UTC); made for review an hour ahead, so at once.
    const slot = new Date(Date.now() + 3 * 60_000);
    await form.getByLabel('Day of the week').selectOption(DAYS_OF_WEEK[slot.getUTCDay()]!);
    await form.getByLabel('Time', { exact: true }).fill(slot.toISOString().slice(11, 16));
    await form.getByLabel('Specific Post Content').fill(SCHEDULED_TEXT);
    await form.getByLabel('Review time before posting (minutes)').fill('60');
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await page.getByText(AutoScheduleMessages.added).first().waitFor();
    const item = page.getByRole('list', { name: 'Scheduled Posts' }).getByRole('listitem').filter({ hasText: 'Weekly bread' }).first();
    await item.getByText('Next posts (UTC):').waitFor();
    expect(await item.getByRole('time').count()).toBe(3);

    // The form open beside the list: axe and the screenshot.
    await page.getByRole('button', { name: 'Create a schedule' }).click();
    await page.getByRole('form', { name: 'New schedule' }).getByLabel('Schedule name').waitFor();
    expect(await axeSerious('/organization/autopost')).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'auto-scheduler.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create a schedule' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Review' }).click();
    await waitOnCard('pending', SCHEDULED_TEXT, 'made by an auto-schedule', 60_000);
    await fitsAPhone(`${system.url}/organization/autopost`, () => item.waitFor());
  }, 180_000);

  it('shows a failed publication’s reason, and Retry publishes it once the connection is back', async () => {
    const content = `Rye on Friday, post ${stamp}`;
    await schedulePost(content, 12);
    // The Sandbox connection goes before the post's time: its publication fails, with the reason.
    await api('POST', '/oauth/x/disconnect', { organization_id: organizationId });
    await page.goto(`${system.url}/organization/posts`);
    await page.getByRole('heading', { name: 'Post Review', level: 1 }).waitFor();
    await waitOnCard('failed', content, `Failed: ${ConnectionMessages.notConnected('X')}`, 90_000);

    await api('POST', '/oauth/x/sandbox', { organization_id: organizationId });
    await cardOf(content).getByRole('button', { name: 'Retry' }).click();
    await page.getByText(PostMessages.retryQueued).waitFor();
    await waitOnCard('published', content, 'View on X', 60_000);

    // Post Review with posts of every status: axe, the screenshot, a phone's width.
    await page.getByLabel('Status').selectOption('all');
    await cardOf(SCHEDULED_TEXT).waitFor();
    expect(await axeSerious('/organization/posts')).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'post-review.png'), fullPage: true });
    await fitsAPhone(`${system.url}/organization/posts`, () => cardOf(SCHEDULED_TEXT).waitFor());
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
