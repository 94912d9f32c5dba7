/**
 * The Content Designer (/organization/designer) in headless Chromium against the
 * whole product (`npm start`, the sandbox generator without OPENAI_API_KEY): a
 * verified pro user whose organization (New York time) has Sandbox X and
 * LinkedIn connections generates a post per platform, edits X's in its preview
 * (its counter follows), schedules it for a date in the organization's time
 * zone and finds it scheduled through the API; then publishes LinkedIn's with
 * an AI image and an upload (sent by XMLHttpRequest, with its progress) and
 * sees its link. The page passes axe and fits a phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostMessages, scheduledInstant, type PostView } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { apiCall, logIn, logInInBrowser, organizationOf, seriousAxeViolations, startSystem, verifiedUser, type RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** E2E_SCREENSHOTS=$PWD/docs/screenshots keeps them (docs/screenshots/README.md). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-screens-'));
const stamp = Date.now() % 1e8;
const email = `designer-${stamp}@example.com`;
const password = 'Str0ng!pass';
const TIME_ZONE = 'America/New_York';
/** A 1×1 PNG, for the upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let system: RunningSystem;
let browser: Browser;
let page: Page;
let token: string;
let organizationId: string;
const pageErrors: string[] = [];

const api = <T>(method: string, url: string, body?: unknown, bearer?: string) => apiCall<T>(system, method, url, body, bearer);

beforeAll(async () => {
  system = await startSystem();
  // A registered, verified user on the pro plan (set by the seeded admin) with one organization and two Sandbox connections.
  const { user } = await verifiedUser(system, `designer_${stamp}`, email, password);
  const admin = await logIn(system, 'admin@example.com', 'Admin123!');
  await api('POST', '/subscriptions/admin/update', { user_id: user.id, plan_type: 'pro', status: 'active' }, admin.access_token);
  // The role follows the plan by event (billing → auth): log in until the token says pro.
  token = (await waitFor(() => logIn(system, email, password), (session) => session.user.role === 'pro', 20_000)).access_token;
  organizationId = (await organizationOf(system, token, 'Designer Bakery')).id;
  await api('PUT', `/organizations/${organizationId}`, { timezone: TIME_ZONE }, token);
  for (const platform of ['x', 'linkedin']) await api('POST', `/oauth/${platform}/sandbox`, { organization_id: organizationId }, token);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

describe('the content designer in a browser', () => {
  it('generates a post per platform, edits one in its preview, schedules it in the organization’s time zone, publishes the other with media', async () => {
    await logInInBrowser(page, system, email, password);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design' }).click();
    await page.getByRole('heading', { name: 'Content Designer' }).waitFor();
    const generator = page.getByRole('form', { name: 'Generator' });
    await generator.getByLabel('Business name').waitFor();
    for (const name of ['X', 'LinkedIn']) await generator.getByRole('checkbox', { name }).check();
    await generator.getByLabel('Business data').fill('A family bakery in Brooklyn baking sourdough since 1990.');
    await generator.getByLabel('Topic').fill('Autumn sourdough');
    await shot('designer-generator');
    await generator.getByRole('button', { name: 'Generate' }).click();
    const xPreview = page.getByRole('article', { name: 'Preview on X' });
    await xPreview.waitFor();
    await page.getByRole('article', { name: 'Preview on LinkedIn' }).waitFor();
    await page.getByText(PostMessages.contentGenerated).first().waitFor().catch(() => undefined);
    await shot('designer-previews');

    // X's post, edited in its card: the counter follows the text, as X counts it (a link is 23).
    const xCard = page.getByRole('listitem', { name: 'Post for X' });
    const counter = xCard.locator('.length-counter');
    expect(await counter.textContent()).toMatch(/^X length: \d+ \/ 280$/);
    await xCard.getByRole('button', { name: 'Edit' }).click();
    const text = 'Autumn sourdough is back at Designer Bakery! https://example.com/autumn-sourdough-loaves-2026 #sourdough';
    await xCard.getByLabel('Post text').fill(text);
    await expect.poll(() => counter.textContent()).toBe(`X length: ${text.length - 'https://example.com/autumn-sourdough-loaves-2026'.length + 23} / 280`);
    await xCard.getByRole('button', { name: 'Save' }).click();
    await xPreview.getByText(/Autumn sourdough is back/).waitFor();

    // Only X's post goes now: LinkedIn's is left out of this submit.
    await page.getByRole('listitem', { name: 'Post for LinkedIn' }).getByRole('checkbox', { name: 'LinkedIn' }).uncheck();
    await page.getByRole('radio', { name: 'Schedule for' }).check();
    const picker = page.getByRole('group', { name: `Publish on (time zone ${TIME_ZONE})` });
    const year = new Date().getFullYear() + 1;
    await picker.getByLabel('Year').selectOption(String(year));
    await picker.getByLabel('Month').selectOption({ label: 'Mar' });
    await picker.getByLabel('Day').selectOption({ label: '15' });
    await picker.getByLabel('Hour').selectOption({ label: '09' });
    await picker.getByLabel('Minute').selectOption({ label: '30' });
    await picker.getByText(`15/Mar/${year} 09:30`).waitFor();
    expect(await seriousAxeViolations(page, '/organization/designer')).toEqual([]);
    await shot('designer-post-form');
    await page.getByRole('button', { name: 'Schedule Posts' }).click();
    await page.getByText(PostMessages.scheduledFor('X')).waitFor();

    // The post exists as scheduled: approved, for X, at 09:30 in New York on that day.
    const { posts } = await api<{ posts: PostView[] }>('GET', `/posts?organization_id=${organizationId}&status=approved`, undefined, token);
    const scheduled = posts.find((post) => post.platforms === 'X');
    expect(scheduled?.content).toBe(text);
    expect(new Date(scheduled!.scheduled_time!).toISOString()).toBe(scheduledInstant(`${year}-03-15T09:30`, TIME_ZONE)!.toISOString());
    expect(scheduled?.original_request?.topic).toBe('Autumn sourdough');

    // LinkedIn's post, now with an AI image (shown through the login) and an upload, published at once.
    const linkedinCard = page.getByRole('listitem', { name: 'Post written for LinkedIn, without a platform' });
    await linkedinCard.getByRole('checkbox', { name: 'LinkedIn' }).check();
    await page.getByRole('radio', { name: 'Now' }).check();
    await page.getByRole('radio', { name: /^Image/ }).check();
    await page.getByRole('button', { name: 'Generate image' }).click();
    await page.getByText(PostMessages.mediaGenerated).waitFor();
    const aiImage = page.getByRole('list', { name: 'Chosen media' }).locator('img').first();
    await expect.poll(async () => (await aiImage.getAttribute('src')) ?? '').toMatch(/^blob:/);
    await expect.poll(() => aiImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByLabel('Upload image media').setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: PNG });
    const submitted = page.waitForRequest((request) => request.url().endsWith('/api/schedule_post/now'));
    await page.getByRole('button', { name: 'Publish Now' }).click();
    expect((await submitted).resourceType()).toBe('xhr');
    // The submit's outcome, whichever it is: the published message, or the error that says why not.
    const outcome = page.locator('.designer-posts .form-message p').first();
    await outcome.waitFor({ timeout: 40_000 });
    expect(await outcome.textContent()).toBe(PostMessages.publishedTo('LinkedIn'));
    const links = page.getByRole('list', { name: 'Posted links' }).getByRole('link');
    expect(await links.first().getAttribute('href')).toMatch(/\/api\/sandbox\/posts\//);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it('fits a phone: the generator and a post with its schedule picker, no sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${system.url}/organization/designer`);
    await page.getByRole('form', { name: 'Generator' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Write a post yourself' }).click();
    await page.getByRole('listitem', { name: 'Post without a platform' }).getByRole('checkbox', { name: 'X' }).check();
    await page.getByRole('radio', { name: 'Schedule for' }).check();
    await page.getByRole('article', { name: 'Preview on X' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot('designer-phone');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
