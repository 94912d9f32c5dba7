/**
 * Results and Examples (issue 36), then the designer's per-platform choices
 * (issue 29 §7, §8), in headless Chromium against the whole product (`npm
 * start`): a pro user whose organization has Sandbox LinkedIn, TikTok and
 * YouTube connections and two generations (the sandbox generator's) finds them
 * under Results, discards one and opens the other in the designer; under
 * Examples opens an example in the designer; then publishes a video to TikTok
 * and YouTube with TikTok's required choices and YouTube's visibility. The
 * pages pass axe and fit a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { launchChromium, PHONE, screenshot, type HeadlessChromium } from './browser-page.js';
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
  for (const platform of ['linkedin', 'tiktok', 'youtube']) await apiCall(system, 'POST', `/oauth/${platform}/sandbox`, { organization_id: pro.organizationId }, pro.token);
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

/** A box of ISO base media: its size, its type, its payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.reduce((sum, part) => sum + part.length, 0), 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, ...payload]);
}

/** An MP4 the posts service reads a duration from (`mvhd`: 12 s): ftyp, moov, mdat. */
function shortVideo(): Buffer {
  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(12_000, 16);
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')), box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(4096, 7))]);
}

/** At a phone's width the page scrolls down only, never sideways; back to the desktop after (`screenshot` took its phone picture). */
async function expectFitsPhone(): Promise<void> {
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
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
    await expectFitsPhone();

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
    await page.getByRole('listitem', { name: 'Post for LinkedIn' }).waitFor();
    expect(await page.getByRole('article', { name: 'Preview on LinkedIn' }).locator('.preview-text').textContent()).toBe(text);
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
    await screenshot(page, 'examples', { fullPage: false }); // a long page: its first screen
    await expectFitsPhone();

    const text = await example.locator('.preview-text').textContent();
    await example.getByRole('link', { name: 'Use this example' }).click();
    await page.getByRole('heading', { name: 'Content Designer' }).waitFor();
    expect(await page.getByRole('article', { name: 'Preview on LinkedIn' }).locator('.preview-text').textContent()).toBe(text);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('asks TikTok’s choices and YouTube’s visibility for a video post, and publishes it with them', async () => {
    // From another page, so the designer starts empty (the last step left it holding an example).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { name: 'Results', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design' }).click();
    await page.getByText('TikTok Sandbox').waitFor();
    await page.getByRole('button', { name: 'Write a post yourself' }).click();
    const post = page.getByRole('listitem', { name: 'Post without a platform' });
    await post.getByRole('checkbox', { name: 'TikTok' }).check();
    const card = page.getByRole('listitem', { name: /^Post for/ });
    await card.getByRole('checkbox', { name: 'YouTube' }).check();
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Post text').fill('Shaping a country loaf, start to finish');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('radio', { name: 'Now' }).check();
    await page.getByRole('radio', { name: /^Video/ }).check();
    await page.getByLabel('Upload video media').setInputFiles({ name: 'loaf.mp4', mimeType: 'video/mp4', buffer: shortVideo() });

    // TikTok's part: the creator's name, no privacy level chosen for the user, everything off.
    const tiktok = page.getByRole('group', { name: 'TikTok' });
    const privacy = tiktok.getByLabel('Who can see this video');
    await privacy.waitFor();
    expect(await privacy.inputValue()).toBe('');
    const youtube = page.getByRole('group', { name: 'YouTube' });
    expect(await youtube.getByLabel('YouTube visibility').inputValue()).toBe('public');
    expect(await axeViolations(page, '/organization/designer TikTok and YouTube choices')).toEqual([]);
    await screenshot(page, 'designer-platform-choices');

    // Without a privacy level nothing goes out.
    const submits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/schedule_post/now')) submits.push(request.url());
    });
    await page.getByRole('button', { name: 'Publish Now' }).click();
    await page.getByText(PostMessages.tiktokPrivacyRequired).first().waitFor();
    expect(submits).toEqual([]);

    // Branded content: this app is not audited by TikTok (TIKTOK_APP_AUDITED unset), so every post goes out visible
    // to the creator only, where TikTok allows no branded content: the choice is off, saying why.
    await privacy.selectOption({ label: 'Followers' });
    await tiktok.getByRole('switch', { name: 'Disclose commercial content' }).click();
    expect(await tiktok.getByRole('checkbox', { name: 'Branded content' }).isDisabled()).toBe(true);
    await tiktok.getByText(PostMessages.tiktokBrandedContentUnaudited).waitFor();
    await youtube.getByLabel('YouTube visibility').selectOption({ label: 'Unlisted' });
    expect(await axeViolations(page, '/organization/designer TikTok disclosure')).toEqual([]);

    // Promoting the user's own brand goes out.
    await tiktok.getByRole('checkbox', { name: 'Your brand' }).check();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/schedule_post/now'), { timeout: 40_000 });
    await page.getByRole('button', { name: 'Publish Now' }).click();
    // The post was kept with the choices, as the platforms' APIs name them.
    const { post: kept } = (await (await answered).json()) as { post: { platform_options: unknown } };
    expect(kept.platform_options).toEqual({
      tiktok: { privacy_level: 'FOLLOWER_OF_CREATOR', allow_comment: false, allow_duet: false, allow_stitch: false, brand_organic: true, brand_content: false },
      youtube: { privacy_status: 'unlisted' },
    });
    const outcome = page.locator('.designer-posts .form-message p').first();
    await outcome.waitFor({ timeout: 40_000 });
    expect([PostMessages.publishedTo('TikTok, YouTube'), PostMessages.publishedTo('YouTube, TikTok')]).toContain(await outcome.textContent());
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});
