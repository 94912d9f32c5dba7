/**
 * Issue 30 §3's home dashboard against the whole product, in headless Chromium: a Professional-plan user whose
 * organization has a Sandbox X connection, a post queued for tomorrow and a post whose publication failed (its
 * connection gone at its time) sees them on /, with connection health and the all-accounts statistics, and Retry
 * there publishes the failed one once the connection is back; disconnecting X then asks first, naming the post
 * it leaves waiting, and Post Review marks that post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionMessages, PostMessages, type PostView } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { apiCall, axeViolations, startSystem, type RunningSystem } from './system.js';
import { logIn, paidUserWithOrganization, type PaidUser } from './paid-user.js';
import { openBrowserPage, schedulePostThroughApi, screenshot, type BrowserPage } from './browser-page.js';

let system: RunningSystem;
let owner: PaidUser;
let browser: BrowserPage;
let failedPostId: string;
const QUEUED_TEXT = 'Croissants tomorrow morning';
const FAILED_TEXT = 'Seeded loaves, fresh at noon';
const HOUR = 3600_000;

const api = <T>(method: string, url: string, body?: unknown) => apiCall<T>(system, method, url, body, owner.token);
const panel = (name: string) => browser.page.getByRole('region', { name });

beforeAll(async () => {
  system = await startSystem();
  owner = await paidUserWithOrganization(system, { prefix: 'home', organization: 'Home Bakery' });
  // No X connection at its time: the publication fails, with the reason; then the connection comes back.
  failedPostId = await schedulePostThroughApi(system, owner, { platforms: 'X', content: FAILED_TEXT, scheduledTime: new Date(Date.now() + 5000).toISOString() });
  await waitFor(() => api<PostView>('GET', `/posts/${failedPostId}`), (post) => post.status === 'failed', 90_000);
  await api('POST', '/oauth/x/sandbox', { organization_id: owner.organizationId });
  await schedulePostThroughApi(system, owner, { platforms: 'X', content: QUEUED_TEXT, scheduledTime: new Date(Date.now() + 24 * HOUR).toISOString() });
  browser = await openBrowserPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('home as an operational dashboard', () => {
  it('shows the queue, the failed publication with its reason, connection health and the statistics; Retry publishes it', async () => {
    await logIn(browser.page, system, owner);
    await panel('Next 7 days').getByText(QUEUED_TEXT).waitFor();
    const failed = panel('Failed publications');
    await failed.getByText(FAILED_TEXT).waitFor();
    await failed.getByText('X: failed').first().waitFor();
    await failed.getByText(ConnectionMessages.notConnected('X')).first().waitFor();
    await panel('Connection health').getByText('Connected: X').waitFor();
    await panel("All accounts' statistics").getByText('Posts', { exact: true }).waitFor();
    await panel('Awaiting review').getByText('No post is waiting for review.').waitFor();
    expect(await axeViolations(browser.page, '/ (home dashboard)')).toEqual([]);
    await browser.screenshot('home-dashboard');

    await failed.getByRole('button', { name: 'Retry the post for X' }).click();
    await failed.getByText(PostMessages.retryQueued).waitFor();
    await failed.getByText(FAILED_TEXT).waitFor({ state: 'detached' });
    const post = await waitFor(() => api<PostView>('GET', `/posts/${failedPostId}`), (found) => found.status === 'published', 60_000);
    expect(post.publications.x?.status).toBe('published');
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);

  it('asks before disconnecting X, naming the post scheduled for it; Post Review then marks that post (issue 30 §4.5)', async () => {
    const page = browser.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Config', exact: true }).click();
    await page.getByLabel('Search platforms').fill('X');
    await page.getByRole('list', { name: 'Platforms' }).getByRole('button', { name: /^X / }).click();
    const settings = page.getByRole('region', { name: 'X settings' });
    const question = page.getByRole('dialog', { name: ConnectionMessages.disconnectQuestion('X') });
    await settings.getByRole('button', { name: 'Disconnect' }).click();
    await question.getByText(ConnectionMessages.disconnectLeavesQueued('X', 1)).waitFor();
    expect(await axeViolations(page, 'the disconnect question')).toEqual([]);
    await screenshot(page, 'organization-disconnect', { fullPage: false });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await api<{ platforms: Record<string, { is_connected: boolean }> }>('GET', `/organizations/${owner.organizationId}`)).toMatchObject({ platforms: { X: { is_connected: true } } });

    await settings.getByRole('button', { name: 'Disconnect' }).click();
    await question.getByText(ConnectionMessages.disconnectLeavesQueued('X', 1)).waitFor();
    await question.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText(ConnectionMessages.disconnected('X')).first().waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Review' }).click();
    await page.getByLabel('Status').selectOption('all');
    const card = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: QUEUED_TEXT });
    await card.getByText(ConnectionMessages.queuedWithoutConnection('X')).waitFor();
    expect(await card.getByText('Queued for publishing').count()).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  }, 90_000);
});
