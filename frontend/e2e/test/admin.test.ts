/**
 * The admin panel and the single-user page (issue 19) in headless Chromium
 * against the whole product (`npm start`): the development admin bans a user,
 * who is refused at login, then unbans them, who can log in again; writes and
 * publishes a blog post that /blog shows under its category; every tab of the
 * panel and of /user-manage passes axe, fits a phone, and is photographed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, BillingMessages, ROLE_LABELS, SharedMessages } from '@planner/contracts';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { apiCall, axeViolations, logIn, startSystem, type RunningSystem } from './system.js';

/** scripts/start.mjs seeds this admin in development. */
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
const stamp = Date.now() % 1e8;
const member = { username: `member_${stamp}`, email: `member-${stamp}@example.com`, password: 'Str0ng!pass' };
const PANEL_TABS = ['User Management', 'Accounts', 'Platforms', 'System Messages', 'Newsletters', 'Blog', 'Advanced Statistics'];

let system: RunningSystem;
let chromium: HeadlessChromium;
let admin: Page;

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${system.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The member's login in a browser of their own: the home page, or the refusal's text. */
async function memberLogin(): Promise<string> {
  const context = await chromium.browser.newContext();
  const page = await context.newPage();
  try {
    await login(page, member.email, member.password);
    const outcome = page.getByRole('heading', { name: /Welcome/ }).or(page.getByRole('alert'));
    await outcome.first().waitFor();
    return (await outcome.first().textContent())!.trim();
  } finally {
    await context.close();
  }
}

async function expectAxeClean(where: string): Promise<void> {
  expect(await axeViolations(admin, where), where).toEqual([]);
}

const shot = (name: string) => screenshot(admin, name);
/** The page's width at a phone's, with what sticks out beyond the screen (to tell what to fix). */
async function expectFitsThePhone(where: string): Promise<void> {
  const { width, outside } = await admin.evaluate(() => {
    const outside = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.parentElement?.closest('.table-scroll'))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}px`);
    return { width: document.documentElement.scrollWidth, outside };
  });
  expect(width, `${where} at 375 px: ${outside.join(', ')}`).toBeLessThanOrEqual(375);
}

beforeAll(async () => {
  system = await startSystem();
  const registered = await fetch(`${system.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, turnstile_token: 'development-test-widget' }),
  });
  expect(registered.status).toBe(201);
  chromium = await launchChromium();
  admin = await chromium.newPage();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

describe('the admin area in a browser', () => {
  it('keeps others out with the spec’s denial', async () => {
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await login(page, member.email, member.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Panel' }).count()).toBe(0);
    await page.goto(`${system.url}/user-manage?userId=x`);
    await page.getByText(SharedMessages.accessDenied).waitFor();
    expect(await axeViolations(page, 'the denial')).toEqual([]);
    await screenshot(page, 'access-denied');
    await context.close();
  }, 60_000);

  it('bans a user, who is refused at login, and unbans them, who logs in again', async () => {
    await login(admin, ADMIN.email, ADMIN.password);
    await admin.getByRole('heading', { name: /Welcome/ }).waitFor();
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Panel' }).click();
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    expect(await admin.getByRole('tab').allTextContents()).toEqual(PANEL_TABS);

    await admin.getByLabel('Search users').fill(member.username);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByRole('link', { name: `Manage ${member.username}` }).waitFor();
    await expectAxeClean('/admin (User Management)');

    await admin.getByRole('link', { name: `Manage ${member.username}` }).click();
    await admin.getByRole('heading', { name: `Manage User: ${member.username}` }).waitFor();
    expect(new URL(admin.url()).searchParams.get('returnTo')).toBe('/admin');
    const ban = admin.getByRole('form', { name: 'Ban user' });
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await ban.getByText(AuthMessages.banReasonRequired).waitFor();
    await ban.getByLabel('Reason').fill('Spamming the comments');
    await ban.getByLabel('Duration (hours)').fill('0');
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await ban.getByText(AuthMessages.banDurationInvalid).waitFor();
    await ban.getByLabel('Duration (hours)').fill('48');
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await admin.getByRole('button', { name: 'Unban user' }).waitFor();
    await admin.getByText('Spamming the comments').waitFor();
    await expectAxeClean('/user-manage (User Information)');
    await shot('user-manage');

    // The refusal says why and until when (docs/decisions/banned-login.md).
    const refusal = await memberLogin();
    const prefix = `${AuthMessages.accountBanned} ${AuthMessages.banReason('Spamming the comments')} `;
    expect(refusal.slice(0, prefix.length)).toBe(prefix);
    expect(refusal.slice(prefix.length)).toMatch(/^The ban ends on \d{2}\/\w{3}\/\d{4} \d{2}:\d{2}\.$/);

    await admin.getByRole('button', { name: 'Unban user' }).click();
    await admin.getByRole('form', { name: 'Ban user' }).waitFor();
    expect(await memberLogin()).toMatch(/Welcome/);

    await admin.getByRole('tab', { name: 'Organizations (0)' }).click();
    await admin.getByText('This user has no organizations.').waitFor();
    await expectAxeClean('/user-manage (Organizations)');
    await shot('user-manage-organizations');
    await admin.getByRole('tab', { name: 'Subscription' }).click();
    await admin.getByRole('button', { name: 'Update subscription' }).waitFor();
    await expectAxeClean('/user-manage (Subscription)');
    await shot('user-manage-subscription');
    // Issue 30 §4.2: the role the new plan gives shows on User Information in the same page, no reload.
    await admin.getByLabel('Plan').selectOption('starter');
    await admin.getByRole('button', { name: 'Update subscription' }).click();
    await admin.getByText(BillingMessages.adminUpdated).first().waitFor();
    await admin.getByRole('tab', { name: 'User Information' }).click();
    await admin.getByRole('definition').filter({ hasText: new RegExp(`^${ROLE_LABELS.starter}$`) }).waitFor();

    // Back to the panel's user list with the same search.
    await admin.getByRole('link', { name: '← Back' }).click();
    await admin.getByRole('link', { name: `Manage ${member.username}` }).waitFor();
    expect(await admin.getByLabel('Search users').inputValue()).toBe(member.username);
    expect(chromium.pageErrors).toEqual([]);
  }, 180_000);

  it('writes and publishes a blog post that /blog shows under its category', async () => {
    await admin.getByRole('tab', { name: 'Blog' }).click();
    const category = admin.getByRole('form', { name: 'New category' });
    await category.getByLabel('Category name').fill(`Release Notes ${stamp}`);
    expect(await category.getByLabel('Category slug').inputValue()).toBe(`release-notes-${stamp}`);
    await category.getByRole('button', { name: 'Add category' }).click();
    await admin.getByRole('list', { name: 'Blog categories' }).getByText(`Release Notes ${stamp}`).waitFor();

    const post = admin.getByRole('form', { name: 'New blog post' });
    const title = `Admin panel: ${stamp} is live!`;
    await post.getByLabel('Title').fill(title);
    expect(await post.getByLabel('Slug').inputValue()).toBe(`admin-panel-${stamp}-is-live`);
    await post.getByLabel('Content (HTML)').fill('<p>The admin panel writes the blog now.</p>');
    await post.getByLabel(`Release Notes ${stamp}`).check();
    await post.getByLabel('Published').check();
    await post.getByRole('button', { name: 'Create post' }).click();
    await admin.getByRole('row').filter({ hasText: title }).getByText('Published').waitFor();

    await admin.goto(`${system.url}/blog`);
    await admin.getByRole('button', { name: `Release Notes ${stamp}` }).click();
    await admin.getByRole('heading', { name: title }).waitFor();
    expect(new URL(admin.url()).searchParams.get('category')).toBe(`release-notes-${stamp}`);
  }, 120_000);

  it('every tab passes axe and is photographed; the panel and the single-user page fit a phone', async () => {
    await admin.goto(`${system.url}/admin?tab=system-messages`);
    const message = admin.getByRole('form', { name: 'New system message' });
    await message.getByLabel('Message').fill('Maintenance on Sunday from 02:00 to 03:00 UTC.');
    await message.getByLabel('Duration (ms)').fill('1500');
    await message.getByRole('button', { name: 'Create message' }).click();
    await message.getByText(/in steps of 1000/).first().waitFor();
    await message.getByLabel('Duration (ms)').fill('0');
    await message.getByLabel('Active').uncheck(); // kept off: it would greet every visitor of this run
    await message.getByRole('button', { name: 'Create message' }).click();
    await admin.getByRole('list', { name: 'System messages' }).getByText('Maintenance on Sunday').waitFor();

    await admin.getByRole('tab', { name: 'Newsletters' }).click();
    const newsletter = admin.getByRole('form', { name: 'New newsletter' });
    await newsletter.getByLabel('Subject').fill('What is new in March');
    await newsletter.getByLabel('Content (HTML)').fill('<h1>March</h1><p>The admin panel.</p>');
    await newsletter.getByRole('button', { name: 'Save draft' }).click();
    await admin.getByRole('row', { name: /What is new in March/ }).getByText('Draft').waitFor();

    await admin.getByRole('tab', { name: 'Platforms' }).click();
    const platform = admin.getByRole('form', { name: 'Add platform' });
    await platform.getByLabel('Platform name').fill('Blue Sky');
    await platform.getByText('Platform name must contain only letters, numbers, and underscores (no spaces)').waitFor();
    expect(await platform.getByRole('button', { name: 'Create platform' }).isDisabled()).toBe(true);
    await admin.getByRole('row', { name: /LinkedIn/ }).waitFor();

    const shots: Record<string, string> = {
      'User Management': 'admin-users',
      Accounts: 'admin-accounts',
      Platforms: 'admin-platforms',
      'System Messages': 'admin-system-messages',
      Newsletters: 'admin-newsletters',
      Blog: 'admin-blog',
      'Advanced Statistics': 'admin-statistics',
    };
    // The arrow keys move along the tabs.
    await admin.getByRole('tab', { name: 'User Management' }).click();
    for (const tab of PANEL_TABS) {
      await expect.poll(() => admin.getByRole('tab', { name: tab }).getAttribute('aria-selected'), { message: tab }).toBe('true');
      expect(await admin.evaluate(() => document.activeElement?.textContent), 'focus moves with the selection').toBe(tab);
      await admin.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
      await admin.waitForLoadState('networkidle');
      await expectAxeClean(`/admin: ${tab}`);
      await shot(shots[tab]!);
      await admin.keyboard.press('ArrowRight');
    }

    // A confirmation before anything is deleted, here a system message's.
    await admin.getByRole('tab', { name: 'System Messages' }).click();
    await admin.getByRole('button', { name: /^Delete Maintenance on Sunday/ }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete system message?' });
    await confirm.waitFor();
    await expectAxeClean('the delete confirmation');
    await shot('admin-confirm-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // The single-user page without its user: the spec's words and the way back.
    await admin.goto(`${system.url}/user-manage`);
    await admin.getByRole('alert').getByText(AuthMessages.noUserId).waitFor();
    await expectAxeClean('/user-manage without a user');
    await shot('user-manage-no-user');
    await admin.goto(`${system.url}/admin`);
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();

    await admin.setViewportSize({ width: 375, height: 740 });
    for (const tab of PANEL_TABS) {
      await admin.getByRole('tab', { name: tab }).click();
      await admin.waitForLoadState('networkidle');
      await expectFitsThePhone(`/admin: ${tab}`);
    }
    await admin.getByRole('tab', { name: 'User Management' }).click();
    await admin.getByLabel('Search users').fill(member.username);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByRole('link', { name: `Manage ${member.username}` }).click();
    await admin.getByRole('heading', { name: `Manage User: ${member.username}` }).waitFor();
    await expectFitsThePhone('/user-manage');
    await shot('user-manage-phone');
    expect(chromium.pageErrors).toEqual([]);
  }, 180_000);

  // Last: active messages greet every page of this run from here on.
  it('shows active system messages in one banner area, three at a time, a dismissal remembered after a reload (issue 30 §4.10)', async () => {
    const { access_token: token } = await logIn(system, ADMIN.email, ADMIN.password);
    const texts = ['Planned upgrade on Monday.', 'New templates are here.', 'Billing moves to a new provider.', 'Office closed on Friday.'];
    for (const message of texts) await apiCall(system, 'POST', '/system-messages/', { message, duration: 0, is_active: true }, token);

    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    try {
      await login(page, member.email, member.password);
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      await page.reload();
      const area = page.getByRole('region', { name: 'System messages' });
      await area.getByText('and 1 more').waitFor();
      expect(await area.getByRole('button', { name: 'Dismiss message' }).count()).toBe(3);
      const anyOfThem = new RegExp(texts.map((text) => text.replace('.', '\\.')).join('|'));
      expect(await page.getByText(anyOfThem).count(), 'three on the page').toBe(3);
      expect(await area.getByText(anyOfThem).count(), 'all three in the area, none as a toast').toBe(3);
      expect(await axeViolations(page, 'the system messages area')).toEqual([]);
      await screenshot(page, 'system-messages', { fullPage: false });

      const first = (await area.getByRole('status').or(area.getByRole('alert')).first().textContent())!;
      const dismissed = texts.find((text) => first.includes(text))!;
      await area.getByRole('button', { name: 'Dismiss message' }).first().click();
      await area.getByText(dismissed).waitFor({ state: 'detached' });
      await area.getByText('and 1 more').waitFor({ state: 'detached' });
      expect(await area.getByRole('button', { name: 'Dismiss message' }).count(), 'the fourth moves up').toBe(3);
      await page.reload();
      await area.getByRole('button', { name: 'Dismiss message' }).nth(2).waitFor();
      expect(await area.getByText(dismissed).count(), 'still dismissed after a reload').toBe(0);
    } finally {
      await context.close();
    }
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});
