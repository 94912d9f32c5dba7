import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run'];
/** E2E_SCREENSHOTS=$PWD/docs/screenshots keeps them (docs/screenshots/README.md); otherwise a temporary folder. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'planner-e2e-screens-'));
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

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

/** A screenshot of `page` named `<name>.png` in the screenshots folder: the whole page, or only what the viewport shows. */
export function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<Buffer> {
  return page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** One page of headless Chromium at desktop width, with the errors its scripts threw. */
export interface BrowserPage {
  page: Page;
  /** Uncaught errors of the page's scripts, in order: a test ends expecting none. */
  pageErrors: string[];
  /** A full-page screenshot named `<name>.png` in the screenshots folder. */
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
