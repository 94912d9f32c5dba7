/**
 * Plan selection as a user meets it (issue 19): headless Chromium against the
 * whole system, billing in its sandbox (no Stripe key): a basic user upgrades
 * through the sandbox checkout, comes back verified, gains the calendar, then
 * downgrades and sees Active Until End of Period.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingMessages } from '@planner/contracts';
import { launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { axeViolations, startSystem, type RunningSystem } from './system.js';


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
    await page.getByLabel('Email').fill(`plans-${stamp}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
    await page.getByLabel('Confirm password').fill('Str0ng!pass');
    await page.getByLabel('I am not a robot').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // A basic user has no calendar (part 2 §6); the navigation's Upgrade link leads to the billing remote's page.
    const navigation = page.getByRole('navigation', { name: 'Main' });
    expect(await navigation.getByRole('link', { name: 'Calendar' }).count()).toBe(0);
    await navigation.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('heading', { name: 'Choose your plan', level: 1 }).waitFor();
    await page.getByText('Sandbox: no real payment').waitFor();
    expect(await planButton('Basic').textContent()).toBe('Current Plan');
    expect(await planButton('Basic').isDisabled()).toBe(true);
    expect(await planButton('Professional').textContent()).toBe('Upgrade');
    expect(await axeViolations(page, 'plan selection')).toEqual([]);
    await shot('plan-selection');

    await planButton('Professional').click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
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

    await page.goto(`${system.url}/plan-selection`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText(/^Active until the end of the period/).waitFor();
    await page.getByText(/^Your Professional plan is canceled/).waitFor();
    await expect.poll(() => planButton('Professional').textContent(), { timeout: 10_000 }).toBe('Active Until End of Period');
    expect(await planButton('Basic').textContent()).toBe('Already Downgraded');
    await shot('plan-selection-downgraded');

    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await page.waitForURL(`${system.url}/`);
    expect(chromium.pageErrors).toEqual([]);
  });
});
