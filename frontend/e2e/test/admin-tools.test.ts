/**
 * The admin's newsletter dashboard (/newsletter) and System Logs (/logs) in
 * headless Chromium against the whole product (`npm start`): a reader
 * subscribes and confirms by the mailed link, the admin composes and sends a
 * newsletter that arrives in the development mail folder; the admin opens a
 * 50 MB log file and finds a line in it by search, highlighted, while the
 * browser fetches a small part of it and renders a window of lines, never the
 * file as one node. The long tasks and timings are printed, not asserted: on a
 * loaded 2-core CI machine wall-clock figures measure the machine, so they are
 * figures to read, not a pass mark. Both pages pass axe and fit a phone. The
 * newsletter's cards add up to its subscriber list, and a send's line follows it
 * live (issue 30 §4.7).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentMessages } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { axeViolations, startSystem, type RunningSystem } from './system.js';

/** The admin `npm start` seeds in development. */
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
const reader = `reader-${Date.now()}@example.com`;
const subject = `Admin tools e2e ${Date.now()}`;

/** The large log: 50 MB of JSON lines, one of them (in the middle) holding NEEDLE. */
const BIG_LOG = 'big-e2e.log';
const BIG_LOG_BYTES = 50 * 1024 * 1024;
const NEEDLE = 'Needle-7F3A';

let system: RunningSystem;
let chromium: HeadlessChromium;
let page: Page;
let needleLine = 0;
let bigLogLines = 0;

/** Writes the large log file; returns the (0-based) line of the needle and the number of lines. */
function writeBigLog(file: string): { needle: number; lines: number } {
  const out = fs.openSync(file, 'w');
  let bytes = 0;
  let line = 0;
  let needle = -1;
  let chunk = '';
  while (bytes < BIG_LOG_BYTES) {
    const middle = needle === -1 && bytes >= BIG_LOG_BYTES / 2;
    const text =
      JSON.stringify({
        level: middle ? 50 : 30,
        time: 1_764_000_000_000 + line,
        service: 'gateway',
        reqId: `req-${line}`,
        msg: middle ? `upstream failed: ${NEEDLE} connection reset` : 'request completed',
        url: `/api/organizations/${line % 977}`,
        statusCode: middle ? 502 : 200,
      }) + '\n';
    if (middle) needle = line;
    chunk += text;
    bytes += Buffer.byteLength(text);
    line += 1;
    if (chunk.length > 1_000_000) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return { needle, lines: line };
}

/** A link of a mail to `email` in the sandbox mail folder (quoted-printable and HTML escapes undone). */
function mailedLinkTo(email: string, pattern: RegExp): string | null {
  for (const file of fs.readdirSync(system.mailDir).filter((f) => f.endsWith('.eml'))) {
    const text = fs.readFileSync(path.join(system.mailDir, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/gi, '=').replace(/&amp;/g, '&');
    if (!text.includes(email)) continue;
    const found = text.match(pattern);
    if (found) return found[0];
  }
  return null;
}

function mailsTo(email: string): string[] {
  return fs
    .readdirSync(system.mailDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(system.mailDir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(email));
}

async function noAxeViolations(label: string): Promise<void> {
  expect(await axeViolations(page, label), label).toEqual([]);
}

/** The long tasks (ms) Chromium reported since the page loaded, with the time each started. */
function longTasks(): Promise<{ start: number; duration: number }[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
}

beforeAll(async () => {
  system = await startSystem();
  ({ needle: needleLine, lines: bigLogLines } = writeBigLog(path.join(system.logDir, BIG_LOG)));

  // A reader subscribes and confirms by the mailed link (double opt-in), as a visitor would.
  const subscribed = await fetch(`${system.url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: reader }),
  });
  expect(subscribed.status).toBe(200);
  const confirm = await waitFor(() => mailedLinkTo(reader, /https?:\/\/[^\s"'<>]+\/api\/newsletter\/confirm\?[^\s"'<>]+/), (link) => link !== null, 30_000);
  const confirmed = await fetch(confirm!, { method: 'POST', headers: { accept: 'application/json' } });
  expect(await confirmed.json()).toEqual({ success: true, message: ContentMessages.subscribed });
  // Another signs up and does not confirm: the list shows them, the Total subscribers card does not (issue 30 §4.7).
  const awaiting = await fetch(`${system.url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `unconfirmed-${Date.now()}@example.com` }),
  });
  expect(awaiting.status).toBe(200);

  chromium = await launchChromium();
  // Every long task of the page, from its first script on.
  page = await chromium.newPage((context) =>
    context.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }),
  );

  await page.goto(`${system.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}, 300_000);

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

describe('newsletter dashboard in a browser', () => {
  it('composes and sends a newsletter that reaches the confirmed subscriber by mail', async () => {
    await page.getByRole('link', { name: 'Newsletter', exact: true }).click();
    await page.getByRole('heading', { name: 'Newsletter Dashboard' }).waitFor();
    await page.getByText(reader).waitFor();
    await page.getByText(/^\d+\.\d%$/).first().waitFor();
    // The cards add up to the list: one subscriber and one signup awaiting confirmation, two in the list.
    const cards = async () => {
      const main = page.getByRole('main');
      const [terms, values] = await Promise.all([main.getByRole('term').allTextContents(), main.getByRole('definition').allTextContents()]);
      return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
    };
    expect(await cards()).toMatchObject({ 'Total subscribers': '1', 'Active subscribers': '1', 'Awaiting confirmation': '1' });
    expect(await page.getByRole('heading', { name: /^Subscribers/ }).textContent()).toBe('Subscribers (2, awaiting confirmation included)');

    const form = page.getByRole('form', { name: 'Compose Newsletter' });
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await form.getByText(ContentMessages.subjectAndContentRequired).waitFor();
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Content (HTML)').fill('<h1>Hello readers</h1><p>Sent from the admin tools e2e.</p>');
    await form.getByRole('button', { name: 'Send Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send newsletter' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await noAxeViolations('/newsletter with the send confirmation');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(ContentMessages.newsletterSending).first().waitFor();

    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
    await item.getByText('Sent', { exact: true }).waitFor();
    // The send's progress shows live, no Refresh: its line ends with the one confirmed subscriber.
    await item.getByText(/· Sent .+ to 1 subscriber$/).waitFor({ timeout: 30_000 });
    expect(await item.getByRole('button', { name: 'Delete' }).count(), 'a sent newsletter cannot be deleted').toBe(0);

    const mail = await waitFor(() => mailsTo(reader).find((text) => text.includes('Sent from the admin tools e2e.')) ?? null, (found) => found !== null, 60_000);
    expect(mail).toContain(subject);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await item.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: `Preview: ${subject}` });
    await preview.frameLocator('iframe').getByRole('heading', { name: 'Hello readers' }).waitFor();
    await screenshot(page, 'newsletter-preview', { fullPage: false });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await noAxeViolations('/newsletter');
    await screenshot(page, 'newsletter-dashboard');
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});

describe('System Logs in a browser', () => {
  it('opens a 50 MB log and finds a line by search, highlighted, fetching a small part of it and rendering a window of lines', async () => {
    await page.getByRole('link', { name: 'Logs', exact: true }).click();
    await page.getByRole('heading', { name: 'System Logs' }).waitFor();
    const fileButton = page.getByRole('button', { name: new RegExp(`^${BIG_LOG.replace('.', '\\.')}`) });
    await fileButton.getByText('50 MB').waitFor();
    // Part 1 §2's sizes as Chromium lays them out: the file list at most 500 px tall, scrolling beyond.
    const fileList = page.getByRole('list', { name: 'Log files' });
    expect(await fileList.evaluate((element) => ({ maxHeight: getComputedStyle(element).maxHeight, overflowY: getComputedStyle(element).overflowY }))).toEqual({ maxHeight: '500px', overflowY: 'auto' });
    await page.getByLabel('Filter files').fill('BIG-E2E');
    expect(await fileList.getByRole('button').count()).toBe(1);

    const before = await page.evaluate(() => performance.now());
    const opened = Date.now();
    await fileButton.click();
    const viewer = page.getByRole('region', { name: `Contents of ${BIG_LOG}` });
    await viewer.getByText('"reqId":"req-0"').waitFor();
    const openMs = Date.now() - opened;
    // The viewer 600 px tall (border included), its lines scrolling inside it.
    expect(await viewer.evaluate((element) => ({ height: getComputedStyle(element).height, box: Math.round(element.getBoundingClientRect().height), overflowY: getComputedStyle(element).overflowY }))).toEqual({ height: '600px', box: 600, overflowY: 'auto' });
    await page.getByText(`${bigLogLines.toLocaleString('en-US')} lines`).waitFor();

    const searched = Date.now();
    await page.getByLabel('Search in file').fill(NEEDLE.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(`1 matching line · 1 of 1 (line ${(needleLine + 1).toLocaleString('en-US')})`).waitFor();
    const mark = viewer.locator('.current-match mark');
    await mark.waitFor();
    const searchMs = Date.now() - searched;
    expect(await mark.textContent()).toBe(NEEDLE);
    expect(await mark.isVisible()).toBe(true);

    const bottom = Date.now();
    await page.getByRole('button', { name: 'Bottom' }).click();
    await viewer.getByText(`"reqId":"req-${bigLogLines - 1}"`).waitFor();
    const bottomMs = Date.now() - bottom;
    // Scrolling by hand through the middle of the file.
    for (let step = 0; step < 10; step += 1) await viewer.evaluate((element, at) => element.scrollTo(0, element.scrollHeight * at), step / 10);
    await viewer.getByText(/"reqId":"req-\d+"/).first().waitFor();
    await page.getByRole('button', { name: 'Top' }).click();
    await viewer.getByText('"reqId":"req-0"').waitFor();

    const tasks = (await longTasks()).filter((task) => task.start >= before);
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    const figures = await page.evaluate(() => {
      const logs = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/logs/')) as PerformanceResourceTiming[];
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { requests: logs.length, bytes: logs.reduce((sum, entry) => sum + entry.encodedBodySize, 0), heap: memory?.usedJSHeapSize ?? 0, rows: document.querySelectorAll('.log-line').length };
    });
    console.log(
      `logs viewer, ${BIG_LOG} (${(fs.statSync(path.join(system.logDir, BIG_LOG)).size / 1048576).toFixed(1)} MB, ${bigLogLines} lines): ` +
        `opened in ${openMs} ms, search to the highlighted match ${searchMs} ms, jump to the bottom ${bottomMs} ms; ` +
        `long tasks after opening: ${tasks.length}, longest ${longest.toFixed(0)} ms; ` +
        `${figures.requests} /api/logs requests, ${(figures.bytes / 1024).toFixed(0)} KiB fetched in all; ${figures.rows} line elements; JS heap ${(figures.heap / 1048576).toFixed(1)} MB`,
    );
    expect(figures.bytes, 'the browser never fetches the file whole').toBeLessThan(5 * 1024 * 1024);
    expect(figures.rows).toBeLessThan(200);

    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await page.getByRole('button', { name: 'Exit fullscreen' }).waitFor();
    expect(await viewer.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(600);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await mark.waitFor();
    await noAxeViolations('/logs');
    await screenshot(page, 'logs');
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('both pages fit a phone (375 px)', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const [route, heading] of [
      ['/newsletter', 'Newsletter Dashboard'],
      ['/logs', 'System Logs'],
    ] as const) {
      await page.goto(`${system.url}${route}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      if (route === '/logs') {
        await page.getByRole('button', { name: /^big-e2e\.log/ }).click();
        await page.getByRole('region', { name: `Contents of ${BIG_LOG}` }).getByText('"reqId":"req-0"').waitFor();
      } else {
        await page.getByText(reader).waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(375);
      await screenshot(page, `${route.slice(1)}-phone`);
    }
    await noAxeViolations('/logs at 375 px');
  }, 60_000);
});
