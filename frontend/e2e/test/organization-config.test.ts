/**
 * Account Configuration (/organization/config) in headless Chromium against the
 * whole product (`npm start`): a verified user with an organization connects a
 * Sandbox platform and creates a template, the page passes axe and fits a phone;
 * the Telegram panel's steps and a pro user's Account Settings pass axe too;
 * issue 30's stale messages (review time, default template), a verification
 * link used again and the account's deletion ending on /.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ConnectionMessages, OrganizationMessages } from '@planner/contracts';
import { DESKTOP, launchChromium, screenshot, type HeadlessChromium } from './browser-page.js';
import { axeViolations, logInInBrowser, mailedLink, organizationOf, startSystem, verifiedUser, type RunningSystem } from './system.js';
import { logIn, paidUserWithOrganization, type PaidUser } from './paid-user.js';

const email = `config-${Date.now()}@example.com`;
const password = 'Str0ng!pass';

let system: RunningSystem;
let chromium: HeadlessChromium;
let page: Page;
/** A Professional-plan user, who has the Account Settings section a basic user does not. */
let pro: PaidUser;

beforeAll(async () => {
  system = await startSystem();
  // A registered, verified user with one organization, made through the API; the browser then logs in.
  const { access_token: token } = await verifiedUser(system, `config_${Date.now() % 1e8}`, email, password);
  await organizationOf(system, token, 'Config Bakery');
  pro = await paidUserWithOrganization(system, { prefix: 'settings', organization: 'Settings Bakery', timezone: 'Europe/Berlin' });
  chromium = await launchChromium();
  page = await chromium.newPage();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await system?.stop();
});

describe('account configuration in a browser', () => {
  it('connects a Sandbox platform, creates a template, and has no axe violations', async () => {
    await logInInBrowser(page, system, email, password);

    await page.getByRole('link', { name: 'Config', exact: true }).click();
    await page.getByRole('heading', { name: 'Account Configuration: Config Bakery' }).waitFor();

    await page.getByLabel('Search platforms').fill('link');
    await page.getByRole('button', { name: /^LinkedIn/ }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText(ConnectionMessages.notConfigured('LinkedIn')).waitFor();
    await page.getByRole('button', { name: 'Connect a Sandbox LinkedIn account' }).click();
    await page.getByText(ConnectionMessages.connected('LinkedIn')).first().waitFor();
    const panel = page.getByRole('region', { name: 'LinkedIn settings' });
    await panel.getByRole('button', { name: 'Disconnect' }).waitFor();
    expect(await panel.getByText('Sandbox', { exact: true }).count()).toBeGreaterThan(0);
    await panel.getByLabel('LinkedIn page').waitFor();
    expect(await page.getByRole('list', { name: 'Linked accounts' }).getByText('LinkedIn').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New template' }).click();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Template name').fill('Weekly bread');
    await form.getByLabel('Character limit').fill('280');
    await form.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('button', { name: 'Weekly bread' }).waitFor();
    await page.getByText('1/1').waitFor();

    await page.getByLabel('Search platforms').fill('');
    expect(await axeViolations(page, '/organization/config')).toEqual([]);
    await screenshot(page, 'organization-config');

    // Telegram's panel: the channel type first, then its steps and the identifier to verify.
    await page.getByLabel('Search platforms').fill('tele');
    await page.getByRole('button', { name: /^Telegram/ }).click();
    const telegram = page.getByRole('region', { name: 'Telegram settings' });
    await telegram.getByRole('radio', { name: /Private channel/ }).check();
    await telegram.getByLabel('Telegram channel identifier').waitFor();
    expect(await axeViolations(page, '/organization/config (Telegram panel)')).toEqual([]);
    await telegram.scrollIntoViewIfNeeded();
    await screenshot(page, 'organization-telegram', { fullPage: false });
    await page.getByLabel('Search platforms').fill('');
    expect(chromium.pageErrors).toEqual([]);

    // Kept by the server, and usable at a phone's width (no sideways scrolling).
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByRole('button', { name: 'Weekly bread' }).waitFor();
    expect(await page.getByRole('list', { name: 'Linked accounts' }).getByText('LinkedIn').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }, 120_000);

  it('shows a pro user Account Settings, one field edited at a time, with no axe violations', async () => {
    const proPage = await chromium.newPage();
    await logIn(proPage, system, pro);
    await proPage.getByRole('link', { name: 'Config', exact: true }).click();
    await proPage.getByRole('heading', { name: 'Account Configuration: Settings Bakery' }).waitFor();
    const settings = proPage.getByRole('region', { name: /Account Settings/ });
    await settings.getByText('Europe/Berlin').first().waitFor();
    await settings.getByRole('button', { name: 'Edit Review time before posting (minutes)' }).click();
    await settings.getByLabel('Review time before posting (minutes)').fill('1500');
    await settings.getByText('1 day 1 hour').waitFor();
    expect(await axeViolations(proPage, '/organization/config (Account Settings of a pro user)')).toEqual([]);
    await screenshot(proPage, 'organization-config-settings');

    // Issue 30 §4.4: the review time's limit is said once, and goes once the value changes.
    const minutes = settings.getByLabel('Review time before posting (minutes)');
    await minutes.fill('43201');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText(OrganizationMessages.reviewTimeTooLong).waitFor();
    expect(await proPage.getByText(/30 days/).count(), 'the limit said once').toBe(1);
    await minutes.press('Backspace');
    await settings.getByText(OrganizationMessages.reviewTimeTooLong).waitFor({ state: 'detached' });

    // "Cannot delete the default template" holds while it is the default, and goes once another is.
    for (const name of ['Weekly', 'Monthly']) {
      await proPage.getByRole('button', { name: 'New template' }).click();
      const form = proPage.getByRole('form', { name: 'New template' });
      await form.getByLabel('Template name').fill(name);
      await form.getByRole('button', { name: 'Create template' }).click();
      await proPage.getByRole('button', { name, exact: true }).waitFor();
    }
    await proPage.getByRole('button', { name: 'Weekly', exact: true }).click();
    await proPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await proPage.getByText(OrganizationMessages.cannotDeleteDefaultTemplate).waitFor();
    await proPage.getByRole('button', { name: 'Monthly', exact: true }).click();
    await proPage.getByRole('button', { name: 'Set as default' }).click();
    await proPage.getByRole('button', { name: 'Set as default' }).waitFor({ state: 'detached' });
    await proPage.getByRole('button', { name: 'Weekly', exact: true }).click();
    expect(await proPage.getByText(OrganizationMessages.cannotDeleteDefaultTemplate).count(), 'no refusal once another is the default').toBe(0);
    await proPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await proPage.getByRole('group', { name: 'Delete Weekly' }).waitFor();
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('a verification link opened again says the address is already verified; deleting the account ends on / after 1.5 s', async () => {
    // Issue 30 §4.9: the link the mail carried, spent when the user was verified (beforeAll).
    const link = mailedLink(system.mailDir, email, 'verify-email');
    await page.setViewportSize(DESKTOP);
    await page.goto(link!);
    await page.getByRole('status').filter({ hasText: AuthMessages.emailAlreadyVerified }).waitFor();
    expect(await page.getByText(AuthMessages.verifyFailed).count()).toBe(0);

    // Issue 30 §4.6: the spec's / after 1.5 s, signed out there, not /login.
    await page.goto(`${system.url}/profile`);
    await page.getByRole('button', { name: 'Security Settings' }).click();
    await page.getByLabel('Confirmation').fill(AuthMessages.deleteConfirmationPhrase);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const deletedAt = Date.now();
    await page.getByText(AuthMessages.accountDeleted).first().waitFor();
    await page.waitForURL(`${system.url}/`);
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(1400);
    await page.getByRole('link', { name: 'Register' }).first().waitFor();
    expect(page.url()).toBe(`${system.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expect(chromium.pageErrors).toEqual([]);
  }, 60_000);
});
