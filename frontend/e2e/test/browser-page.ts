import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inDarkTheme, settle, type RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run'];
/** E2E_SCREENSHOTS=$PWD/docs/screenshots keeps them (docs/screenshots/README.md); otherwise a temporary folder. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-screens-'));
export const DESKTOP = { width: 1366, height: 900 };
/** The narrowest phone a page must fit without sideways scrolling. */
export const PHONE = { width: 375, height: 740 };
/** The phone every desktop screen is photographed on too (`<name>-phone.png`). */
export const PHONE_SCREENSHOT = { width: 390, height: 844 };

/** Headless Chromium, with the errors the scripts of the pages it opened threw. */
export interface HeadlessChromium {
  browser: Browser;
  /** Uncaught errors of the scripts of every page `newPage` opened, in order: a test ends expecting none. */
  pageErrors: string[];
  /** A page at desktop width in a context of its own; `prepare` sets the context up first (an init script). */
  newPage: (prepare?: (context: BrowserContext) => Promise<unknown>) => Promise<Page>;
  close: () => Promise<void>;
}

/** Chromium launched headless, with `extraArgs` beside the usual flags. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<HeadlessChromium> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
  const pageErrors: string[] = [];
  return {
    browser,
    pageErrors,
    newPage: async (prepare) => {
      const context = await browser.newContext({ viewport: DESKTOP });
      await prepare?.(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      return page;
    },
    close: () => browser.close(),
  };
}

/**
 * Screenshots of `page` in the screenshots folder: `<name>.png` as it is (the whole page, or only what the
 * viewport shows); for a desktop screen also `<name>-dark.png` in the dark theme and `<name>-phone.png` at
 * PHONE_SCREENSHOT's size, both viewport-only (kept small). A screen already narrower than the desktop is a
 * phone's: taken once. The page is left as it was (theme, size).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<Buffer> {
  const take = (suffix: string, full: boolean) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}${suffix}.png`), fullPage: full });
  const shown = await take('', fullPage);
  const viewport = page.viewportSize();
  if (!viewport || viewport.width < DESKTOP.width) return shown;
  await inDarkTheme(page, () => take('-dark', false));
  await page.setViewportSize(PHONE_SCREENSHOT);
  try {
    await settle(page);
    await take('-phone', false);
  } finally {
    await page.setViewportSize(viewport);
    await settle(page);
  }
  return shown;
}

/** One page of headless Chromium at desktop width, with the errors its scripts threw. */
export interface BrowserPage {
  page: Page;
  /** Uncaught errors of the page's scripts, in order: a test ends expecting none. */
  pageErrors: string[];
  /** Full-page screenshots named `<name>.png` in the screenshots folder, with its dark and phone ones (`screenshot`). */
  screenshot: (name: string) => Promise<Buffer>;
  /** How wide the document is (wider than the viewport: it scrolls sideways). */
  documentWidth: () => Promise<number>;
  close: () => Promise<void>;
}

export async function openBrowserPage(): Promise<BrowserPage> {
  const launched = await launchChromium();
  const page = await launched.newPage();
  return {
    page,
    pageErrors: launched.pageErrors,
    screenshot: (name) => screenshot(page, name),
    documentWidth: () => page.evaluate(() => document.documentElement.scrollWidth),
    close: launched.close,
  };
}

/**
 * A post scheduled through the API as the post form sends it (multipart
 * POST /schedule_post/later), approved as the form makes it; its id.
 * `scheduledTime` is an instant (with its offset) or the organization's wall
 * time (YYYY-MM-DDTHH:mm).
 */
export async function schedulePostThroughApi(
  system: RunningSystem,
  owner: { token: string; organizationId: string },
  post: { platforms: string; content: string; scheduledTime: string },
): Promise<string> {
  const form = new FormData();
  form.append('organization_id', owner.organizationId);
  form.append('platforms', post.platforms);
  form.append('content', post.content);
  form.append('media_type', 'text');
  form.append('scheduled_time', post.scheduledTime);
  const response = await fetch(`${system.url}/api/schedule_post/later`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  if (response.status !== 201) throw new Error(`schedule_post/later: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { post: { id: string } }).post.id;
}
