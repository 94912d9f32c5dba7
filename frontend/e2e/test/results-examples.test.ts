/**
 * Results and Examples (issue 36) in headless Chromium against the whole
 * product (`npm start`): a pro user whose organization has a Sandbox LinkedIn
 * connection and two generations (the sandbox generator's) finds them under
 * Results, discards one and opens the other in the designer; under Examples
 * opens an example in the designer. Both pages pass axe and fit a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { logIn, paidUserWithOrganization, type PaidUser } from './paid-user.js';
import { apiCall, axeViolations, startSystem, type RunningSystem } from './system.js';

let system: RunningSystem;
let chromium: HeadlessChromium;
let page: Page;
let pro: PaidUser;

const generate = (topic: string) =>
  apiCall(
    system,
    'POST',
    '/posts/generate',
    { organization_id: pro.organizationId, business_name: 'Results Bakery', platforms: ['LinkedIn'], content_type: 'promotion', topic, tone: 'friendly', mood: 'excited' },
    pro.token,
  );

beforeAll(async () => {
  system = await startSystem();
  pro = await paidUserWithOrganization(system, { prefix: 'results', organization: 'Results Bakery', timezone: 'Europe/Oslo' });
  await apiCall(system, 'POST', '/oauth/linkedin/sandbox', { organization_id: pro.organizationId }, pro.token);
  await generate('Rye week');
  await generate('Autumn cinnamon buns');
  chromium = await launchChromium();
  page = await chromium.newPage();
  await logIn(page, system, pro);
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

/** At a phone's width the page scrolls down only, never sideways; back to the desktop after. */
async function expectFitsPhone(name: string): Promise<void> {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, name);
  await page.setViewportSize(desktop);
}

describe('results and examples in a browser', () => {
  it('Results lists the generations with their previews; Discard removes one, Edit opens the other in the designer', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { name: 'Results', level: 1 }).waitFor();
    const generations = page.getByRole('list', { name: 'Generations' }).getByRole('listitem', { name: /Results Bakery|Rye week|cinnamon/ });
    await generations.first().waitFor();
    // Newest first.
    expect(await generations.count()).toBe(2);
    expect(await generations.first().getByRole('heading').textContent()).toContain('Autumn cinnamon buns');
    const newest = generations.first();
    await newest.getByRole('article', { name: 'Preview on LinkedIn' }).waitFor();
    await newest.getByText('Written by the sandbox generator', { exact: false }).waitFor();
    expect(await axeViolations(page, '/organization/results')).toEqual([]);
    await screenshot(page, 'results');
    await expectFitsPhone('results-phone');

    const older = page.getByRole('listitem', { name: /Rye week/ });
    await older.getByRole('button', { name: 'Discard' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard generation' });
    expect(await axeViolations(page, '/organization/results discard dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.getByText(PostMessages.generationDiscarded).first().waitFor();
    await older.waitFor({ state: 'detached' });
    expect(await generations.count()).toBe(1);

    const text = await newest.getByRole('article', { name: 'Preview on LinkedIn' }).locator('.preview-text').textContent();
    await newest.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Content Designer' }).waitFor();
    const post = page.getByRole('listitem', { name: 'Post for LinkedIn' });
    expect(await post.locator('.preview-text').textContent()).toBe(text);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('Examples shows example posts per platform; one opens in the designer with its text', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Examples' }).click();
    await page.getByRole('heading', { name: 'Examples', level: 1 }).waitFor();
    const example = page.getByRole('listitem', { name: 'LinkedIn text post' });
    await example.getByRole('article', { name: 'Preview on LinkedIn' }).waitFor();
    // The drawn pictures are shown (decoded, not broken).
    const picture = page.getByRole('listitem', { name: 'Instagram image post' }).getByRole('img');
    await picture.waitFor();
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await axeViolations(page, '/examples')).toEqual([]);
    await screenshot(page, 'examples');
    await expectFitsPhone('examples-phone');

    const text = await example.locator('.preview-text').textContent();
    await example.getByRole('link', { name: 'Use this example' }).click();
    await page.getByRole('heading', { name: 'Content Designer' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Post for LinkedIn' }).locator('.preview-text').textContent()).toBe(text);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});
