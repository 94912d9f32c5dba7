/**
 * The frontend as a user meets it: headless Chromium against the whole system
 * (seven services and the gateway serving the built shell and remotes).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, OrganizationMessages, SharedMessages } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { DESKTOP, screenshot } from './browser-page.js';
import { axeViolations, mailedLink, startSystem, type RunningSystem } from './system.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Login, register and reset requests allowed per minute from one address in this run. */
const AUTH_LIMIT = 6;

let system: RunningSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const userEmail = `e2e-${Date.now()}@example.com`;
const password = 'Str0ng!pass';

beforeAll(async () => {
  system = await startSystem({ AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT) });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

const shot = (name: string) => screenshot(page, name);

async function axe(url: string) {
  await page.goto(`${system.url}${url}`);
  await page.locator('main h1').first().waitFor();
  return axeViolations(page, url);
}

describe('the frontend in a browser', () => {
  it('loads the account remote at run time with one React on the page, shared from the shell', async () => {
    await page.goto(`${system.url}/login`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    const shared = await page.evaluate(() => {
      const share = (globalThis as { __FEDERATION__?: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string }>>>> } })
        .__FEDERATION__?.__SHARE__;
      const out: Record<string, string[]> = {};
      for (const scope of Object.values(share ?? {})) {
        for (const [name, versions] of Object.entries(scope.default ?? {})) {
          for (const [version, entry] of Object.entries(versions)) (out[name] ??= []).push(`${version} from ${entry.from}`);
        }
      }
      return out;
    });
    for (const name of ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query']) {
      expect(new Set(shared[name]), name).toEqual(new Set([expect.stringMatching(/ from shell$/)]));
    }
    const reactFiles = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\/remotes\/.*react/.test(n) && !/loadShare|localSharedImportMap/.test(n)),
    );
    expect(reactFiles, 'no remote fetches its own React').toEqual([]);
    // Hooks of the remote run inside the shell's tree: typing updates the form state.
    await page.getByLabel('Email').fill('x');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(AuthMessages.enterValidEmail).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('has no accessibility violations on login, register, the landing page and the blog', async () => {
    const found: Record<string, Awaited<ReturnType<typeof axe>>> = {};
    for (const [url, name] of [['/login', 'login'], ['/register', 'register'], ['/', 'landing'], ['/blog', 'blog']] as const) {
      found[url] = await axe(url);
      await shot(name);
    }
    expect(found).toEqual({ '/login': [], '/register': [], '/': [], '/blog': [] });
  });

  it('fits a phone: no sideways scrolling, and the menu opens from its button', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 740 });
    try {
      for (const url of ['/', '/login', '/register', '/blog', '/privacy']) {
        await phone.goto(`${system.url}${url}`);
        await phone.locator('main h1').first().waitFor();
        const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, url).toBeLessThanOrEqual(0);
      }
      await screenshot(phone, 'phone-privacy', { fullPage: false });
      const menu = phone.getByRole('button', { name: 'Menu' });
      expect(await phone.getByRole('link', { name: 'Newsletter' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await phone.getByRole('link', { name: 'Newsletter' }).waitFor();
      await screenshot(phone, 'phone-menu', { fullPage: false });
    } finally {
      await phone.close();
    }
  });

  it('register → verify (link from the mail outbox) → login → create an account → profile → logout', async () => {
    await page.goto(`${system.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot('landing');
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.getByLabel('Username').fill(`e2e_${Date.now() % 1e8}`);
    await page.getByLabel('Email').fill(userEmail);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).toBe(true);

    const link = await waitFor(() => mailedLink(system.mailDir, userEmail, 'verify-email'), (l) => l !== null, 30_000);
    await page.goto(link!);
    await page.getByText(AuthMessages.emailVerified).waitFor();
    await page.waitForURL(`${system.url}/profile`, { timeout: 10_000 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor({ timeout: 10_000 });
    await page.goto(`${system.url}/login`);
    await page.getByLabel('Email').fill(userEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    await page.goto(`${system.url}/accounts`);
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(OrganizationMessages.nameRequired).waitFor();
    await page.getByLabel('Account name').fill('E2E Brand');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'E2E Brand' }).waitFor();
    await shot('accounts');

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await page.getByText(userEmail).isVisible()).toBe(true);
    await shot('profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Register' }).first().waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  it('forgot password → link from the mail outbox → new password (the server refuses a weak one) → login with it', async () => {
    await page.goto(`${system.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(userEmail);
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(AuthMessages.resetRequested).waitFor();
    const link = await waitFor(() => mailedLink(system.mailDir, userEmail, 'reset-password'), (l) => l !== null, 30_000);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('longenough');
    await page.getByLabel('Confirm new password').fill('longenough');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(AuthMessages.weakPassword).first().waitFor();
    const newPassword = 'N3w!password';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(`${system.url}/login`, { timeout: 10_000 });
    await page.getByLabel('Email').fill(userEmail);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Register' }).first().waitFor({ timeout: 10_000 });
  });

  it('an expired session goes to /login?session_expired=true with the notice', async () => {
    // A browser of its own: after the steps above on the shared page, the shell's own /login came first and
    // the session-expired redirect never followed in this run (reported, not understood yet).
    const own = await browser.newContext({ viewport: DESKTOP });
    const expired = await own.newPage();
    try {
      await expired.goto(`${system.url}/login`);
      await expired.evaluate(() => {
        localStorage.setItem('isLoggedIn', 'true');
        localStorage.setItem('access_token', 'expired-or-forged');
        localStorage.setItem('refresh_token', 'also-invalid');
        localStorage.setItem('user', JSON.stringify({ id: '00000000-0000-4000-8000-000000000009', username: 'gone', email: 'gone@example.com', role: 'basic', email_verified: true, capabilities: {} }));
      });
      // The shell leaves for /login with a full navigation, which can come before /profile's load event and
      // abort a goto that waits for it: the goto waits only for the response, the URL check for the rest.
      await expired.goto(`${system.url}/profile`, { waitUntil: 'commit' });
      await expired.waitForURL(`${system.url}/login?session_expired=true`, { timeout: 15_000 });
      await expired.getByText(SharedMessages.sessionExpired).waitFor();
    } finally {
      await own.close();
    }
  });

  it('a remote that is down shows its error state with Retry, and the page once it is back', async () => {
    await page.route('**/remotes/account/**', (route) => route.abort());
    await page.goto(`${system.url}/register`);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.unroute('**/remotes/account/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  });

  it('the service worker serves the shell on repeat visits, even offline, and pages stay network-first', async () => {
    await page.goto(`${system.url}/terms`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('planner-shell-v1');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((p) => /^\/assets\/.+\.js$/.test(p))).toBe(true);
    await context.setOffline(true);
    try {
      await page.goto(`${system.url}/privacy`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows the rate-limit notice and toast after too many login attempts', async () => {
    await page.goto(`${system.url}/login`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('Wrong1!pass');
    await page.getByLabel('I am not a robot').check();
    for (let i = 0; i < AUTH_LIMIT + 1; i += 1) {
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      if (await page.getByText(/Slow down, rate limit was reached/).first().isVisible()) break;
    }
    // The toast and the notice's countdown say one sentence, the wait in minutes and seconds (docs/decisions/notices.md).
    const said = /Slow down, rate limit was reached\. Please wait (\d+ minutes?)? ?(\d+ seconds?)? before trying again\./;
    await page.getByText(said).first().waitFor();
    await page.getByRole('timer').filter({ hasText: said }).waitFor();
    // One countdown (issue 30 §4.8): the toast and the notice say the same wait, the toast's fixed at the refusal, the notice counting down since (a few seconds).
    const waits = (await page.getByText(said).allTextContents()).map((text) => {
      const [, minutes, seconds] = text.match(said)!;
      return parseInt(minutes ?? '0', 10) * 60 + parseInt(seconds ?? '0', 10);
    });
    expect(waits.length, 'the toast and the notice').toBeGreaterThanOrEqual(2);
    expect(Math.max(...waits) - Math.min(...waits)).toBeLessThanOrEqual(5);
    // The block is kept across a reload.
    await page.reload();
    await page.getByRole('timer').filter({ hasText: said }).waitFor();
  });
});
