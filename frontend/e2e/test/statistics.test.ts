/**
 * The statistics pages in headless Chromium against the whole product (`npm
 * start`): a user whose organization has published posts (Sandbox LinkedIn and
 * X connections, published now) sees its statistics at /organization/statistics
 * and is denied /statistics; the admin sees the global statistics at
 * /statistics and refreshes them. Each page passes axe and fits a phone; the
 * scripts each page fetches from its remote are weighed (gzip) from the builds.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages, StatisticsMessages } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { buildScripts, frontendBuilds } from './sizes.js';
import { axeViolations, mailedLink, startSystem, type RunningSystem } from './system.js';

const email = `statistics-${Date.now()}@example.com`;
const password = 'Str0ng!pass';
const admin = { email: 'statistics-admin@example.com', password: 'Admin-pass-123!' };

let system: RunningSystem;
let chromium: HeadlessChromium;

async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${system.url}/api${url}`, {
    method,
    headers: { ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Publishes a text post now to the organization's (Sandbox) platforms, as the post form does. */
async function publishNow(token: string, organizationId: string, platforms: string, content: string): Promise<void> {
  const form = new FormData();
  form.set('organization_id', organizationId);
  form.set('platforms', platforms);
  form.set('media_type', 'text');
  form.set('content', content);
  await api('POST', '/schedule_post/now', form, token);
}

beforeAll(async () => {
  system = await startSystem({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  // A registered, verified user with one organization and three published posts, made through the API.
  await api('POST', '/auth/register', { username: `stats_${Date.now() % 1e8}`, email, password, turnstile_token: 'development-test-widget' });
  const link = await waitFor(() => mailedLink(system.mailDir, email, 'verify-email'), (l) => l !== null, 30_000);
  await api('GET', `/auth/verify-email/${new URL(link!).searchParams.get('token')}`);
  const { access_token: token } = await api<{ access_token: string }>('POST', '/auth/login', { email, password, turnstile_token: 'development-test-widget' });
  // organizations learns of the verification by event: retry until it lets the user create one.
  const organization = await waitFor(
    () => api<{ id: string }>('POST', '/organizations', { name: 'Stats Bakery' }, token).catch(() => null),
    (created) => created !== null,
    15_000,
  );
  for (const platform of ['linkedin', 'x']) await api('POST', `/oauth/${platform}/sandbox`, { organization_id: organization!.id }, token);
  await publishNow(token, organization!.id, 'LinkedIn,X', 'Fresh sourdough every morning.');
  await publishNow(token, organization!.id, 'LinkedIn', 'Croissants are back on Saturday.');
  await publishNow(token, organization!.id, 'LinkedIn', 'Our rye won a prize.');
  // Publishing now may answer before the scheduler's outcomes are in (202): wait until the three are published.
  await waitFor(
    () => api<{ statistics: { successful_publications: number } }>('GET', `/organizations/${organization!.id}/statistics`, undefined, token),
    ({ statistics }) => statistics.successful_publications === 3,
    30_000,
  );
  chromium = await launchChromium();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

async function loggedIn(login: { email: string; password: string }): Promise<Page> {
  const page = await chromium.newPage();
  await page.goto(`${system.url}/login`);
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  return page;
}

/** Records the scripts a page fetches from `remote`'s build from now on; `weigh()` sums them (gzip -9, as the build's .gz files). */
function scriptsFrom(page: Page, remote: string) {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const match = new RegExp(`/remotes/${remote}/(.+\\.js)$`).exec(new URL(response.url()).pathname);
    if (match) fetched.add(match[1]!);
  });
  return () => {
    const build = frontendBuilds().find((b) => b.name === remote)!;
    const scripts = buildScripts(build).filter((script) => fetched.has(script.file));
    return { files: scripts.length, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0), largest: scripts.map((s) => `${s.file} ${(s.gzip / 1000).toFixed(1)} kB`) };
  };
}

/** At a phone's width the page scrolls down only, never sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe('statistics in a browser', () => {
  it('a user with published posts sees their organization’s statistics, and is refused the global ones', async () => {
    const page = await loggedIn({ email, password });
    const weigh = scriptsFrom(page, 'organization');
    await page.getByRole('link', { name: 'Account Statistics' }).click();
    await page.getByRole('heading', { name: 'Organization Statistics: Stats Bakery' }).waitFor();
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.waitFor();
    expect(await overview.getByText('Total posts').locator('xpath=following-sibling::dd').textContent()).toBe('3');
    expect(await overview.getByText('Successful publications').locator('xpath=following-sibling::dd').textContent()).toBe('3');
    // Drawn by Chart.js, and written in each figure's table.
    const overTime = page.getByRole('figure', { name: 'Publications over time (last 30 days)' });
    expect(await overTime.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width > 0 && canvas.height > 0)).toBe(true);
    expect(await overTime.locator('tbody tr').last().locator('td').textContent()).toBe('3');
    const byStatus = page.getByRole('figure', { name: 'Posts by status' });
    expect(await byStatus.getByRole('rowheader', { name: 'Published' }).locator('xpath=following-sibling::td').textContent()).toBe('3');
    const top = page.getByRole('figure', { name: 'Top 5 platforms' }).getByRole('listitem');
    expect(await top.allTextContents()).toEqual([expect.stringMatching(/LinkedIn\s*3 posts/), expect.stringMatching(/X\s*1 post$/)]);
    expect(await top.first().locator('svg path').count()).toBe(1);

    expect(await axeViolations(page, '/organization/statistics')).toEqual([]);
    await screenshot(page, 'statistics-organization');
    const size = weigh();
    console.log(`/organization/statistics fetched ${size.files} scripts of the organization remote, ${(size.gzip / 1000).toFixed(1)} kB gzip:`, size.largest.join(', '));

    await expectFitsPhone(page);
    await screenshot(page, 'statistics-organization-phone');

    await page.goto(`${system.url}/statistics`);
    await page.getByText(SharedMessages.adminRequired).waitFor();
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('the admin sees the global statistics with the averages and refreshes them', async () => {
    const page = await loggedIn(admin);
    const weigh = scriptsFrom(page, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statistics', exact: true }).click();
    await page.getByRole('heading', { name: 'Global System Statistics' }).waitFor();
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.waitFor();
    for (const label of ['Organizations', 'Average posts per organization', 'Average auto-schedules per organization']) await overview.getByText(label).waitFor();
    expect(Number(await overview.getByText('Successful publications').locator('xpath=following-sibling::dd').textContent())).toBeGreaterThanOrEqual(3);
    await page.getByRole('figure', { name: 'Posts by platform' }).waitFor();

    const before = await page.getByText(/^Last updated:/).textContent();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText(StatisticsMessages.refreshed).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await page.getByText(/^Last updated:/).textContent()).toMatch(/^Last updated: \d{2}\/\w{3}\/\d{4} \d{2}:\d{2}$/);
    console.log(`refreshed: ${before} → ${await page.getByText(/^Last updated:/).textContent()}`);

    expect(await axeViolations(page, '/statistics')).toEqual([]);
    await screenshot(page, 'statistics-global');
    const size = weigh();
    console.log(`/statistics fetched ${size.files} scripts of the admin remote, ${(size.gzip / 1000).toFixed(1)} kB gzip:`, size.largest.join(', '));

    await expectFitsPhone(page);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});
