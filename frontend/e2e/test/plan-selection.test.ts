/**
 * Plan selection as a user meets it (issue 19): headless Chromium against the
 * whole system, billing in its sandbox (no Stripe key): a basic user upgrades
 * through the sandbox checkout, comes back verified, gains the calendar, then
 * downgrades and sees Active Until End of Period; a checkout left with
 * Cancel says nothing was charged, and a canceled plan is resumed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingMessages } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { apiCall, axeViolations, logIn, mailedLink, organizationOf, startSystem, type RunningSystem } from './system.js';


let system: RunningSystem;
let chromium: HeadlessChromium;
let page: Page;

beforeAll(async () => {
  system = await startSystem();
  chromium = await launchChromium(['--disable-background-networking']);
  page = await chromium.newPage();
});

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

const shot = (name: string) => screenshot(page, name);
const planButton = (plan: string) => page.getByRole('listitem', { name: plan }).getByRole('button');

describe('plan selection in a browser', () => {
  it('a basic user upgrades through the sandbox checkout, is verified, gains the calendar, then downgrades', async () => {
    const stamp = Date.now() % 1e8;
    await page.goto(`${system.url}/register`);
    await page.getByLabel('Username').fill(`plans_${stamp}`);
    const email = `plans-${stamp}@example.com`;
    const password = 'Str0ng!pass';
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The mailed link verified, then a basic user's one organization (part 2 §6 allows one) through the API,
    // so the calendar's only obstacle is the plan.
    const link = await waitFor(() => mailedLink(system.mailDir, email, 'verify-email'), (found) => found !== null, 30_000);
    await apiCall(system, 'GET', `/auth/verify-email/${new URL(link!).searchParams.get('token')}`);
    await organizationOf(system, (await logIn(system, email, password)).access_token, 'Plans Bakery');

    // A basic user has no calendar (part 2 §6): no Calendar link, and the page itself sends to the plans.
    const navigation = page.getByRole('navigation', { name: 'Main' });
    expect(await navigation.getByRole('link', { name: 'Calendar' }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plan-selection');
    await page.goto(`${system.url}/organization/calendar`);
    await page.waitForURL(`${system.url}/plan-selection`);
    await page.getByRole('heading', { name: 'Choose your plan', level: 1 }).waitFor();
    await page.getByText('Sandbox: no real payment').waitFor();
    expect(await planButton('Basic').textContent()).toBe('Current Plan');
    expect(await planButton('Basic').isDisabled()).toBe(true);
    expect(await planButton('Professional').textContent()).toBe('Upgrade');
    expect(await axeViolations(page, 'plan selection')).toEqual([]);
    await shot('plan-selection');

    // Issue 30 §4.12: a checkout left with Cancel comes back saying nothing changed.
    await planButton('Professional').click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('status').filter({ hasText: BillingMessages.checkoutCanceled }).waitFor();
    await page.waitForURL(`${system.url}/plan-selection`);
    expect(await planButton('Basic').textContent()).toBe('Current Plan');

    await planButton('Professional').click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Pay (sandbox)' }).waitFor();
    expect(await axeViolations(page, 'the sandbox checkout')).toEqual([]);
    await shot('sandbox-checkout');
    await page.getByRole('button', { name: 'Pay (sandbox)' }).click();
    await page.getByText(BillingMessages.paymentVerified('pro')).waitFor();
    await page.waitForURL(`${system.url}/plan-selection`); // the query is dropped: a reload does not verify again
    await expect.poll(() => planButton('Professional').textContent(), { timeout: 10_000 }).toBe('Current Plan');
    expect(await planButton('Basic').textContent()).toBe('Downgrade');
    await shot('plan-selection-verified');

    // The role follows the plan (billing → auth by event): the calendar opens instead of sending to /plan-selection.
    await expect.poll(() => navigation.getByRole('link', { name: 'Upgrade' }).count(), { timeout: 15_000 }).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/organization/calendar');
    await page.goto(`${system.url}/`);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    const calendarCard = page.getByRole('listitem').filter({ hasText: 'Plan on the calendar' }).getByRole('link');
    expect(await calendarCard.getAttribute('href')).toBe('/organization/calendar');
    await calendarCard.click();
    await page.getByRole('group', { name: 'View' }).waitFor(); // the calendar itself, past its loading state
    expect(page.url()).toBe(`${system.url}/organization/calendar`);
    expect(await page.getByRole('heading', { name: 'Calendar', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${system.url}/plan-selection`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText(/^Active until the end of the period/).waitFor();
    await page.getByText(/^Your Professional plan is canceled/).waitFor();
    await expect.poll(() => planButton('Professional').textContent(), { timeout: 10_000 }).toBe('Active Until End of Period');
    // Issue 30 §4.12: the plan still runs, so Basic is a downgrade to come, not done; and it can be resumed.
    expect(await planButton('Basic').textContent()).toBe('Downgrade');
    await page.getByText(/^Your plan moves to Basic on /).waitFor();
    await shot('plan-selection-downgraded');
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByText('Your Professional plan continues.').waitFor();
    await expect.poll(() => planButton('Professional').textContent(), { timeout: 10_000 }).toBe('Current Plan');

    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await page.waitForURL(`${system.url}/`);
    expect(chromium.pageErrors).toEqual([]);
  });
});
