import type { Page } from 'playwright-core';
import type { PlanType } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { apiCall, logIn as logInThroughApi, logInInBrowser, organizationOf, registerVerified, type RunningSystem } from './system.js';

/** One JSON call to the running product's API (system.ts's), under the name bench/frontend/calendar.ts imports. */
export { apiCall as api } from './system.js';

export interface PaidUser {
  email: string;
  password: string;
  /** An access token that carries the paid role. */
  token: string;
  organizationId: string;
}

/**
 * A user as a customer becomes one, through the API only: registered,
 * e-mail verified (the sandbox mail's link), `plan` bought through the
 * billing sandbox's checkout (its Pay button is a form post), logged in
 * again once auth has the plan's role (billing tells it by event), with one
 * organization in `timezone`.
 */
export async function paidUserWithOrganization(system: RunningSystem, options: { prefix: string; plan?: Exclude<PlanType, 'basic'>; organization: string; timezone?: string }): Promise<PaidUser> {
  const plan = options.plan ?? 'pro';
  const stamp = `${Date.now() % 1e8}${Math.floor(Math.random() * 1000)}`;
  const email = `${options.prefix}-${stamp}@example.com`;
  const password = 'Str0ng!pass';
  await registerVerified(system, { username: `${options.prefix}_${stamp}`, email, password });

  const basic = (await logInThroughApi(system, email, password)).access_token;
  const { checkoutUrl } = await apiCall<{ checkoutUrl: string }>(
    system,
    'POST',
    '/payments/create-checkout-session',
    { planType: plan, successUrl: `${system.url}/plan-selection`, cancelUrl: `${system.url}/plan-selection` },
    basic,
  );
  const paid = await fetch(`${checkoutUrl}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`sandbox checkout: ${paid.status} ${await paid.text()}`);
  // /auth/me (not under the login's rate limit) tells when auth has the role; a new login then carries it.
  await waitFor(() => apiCall<{ user: { role: string } }>(system, 'GET', '/auth/me', undefined, basic), (me) => me.user.role === plan, 30_000);
  const session = await logInThroughApi(system, email, password);

  const organization = await organizationOf(system, session.access_token, options.organization);
  if (options.timezone) await apiCall(system, 'PUT', `/organizations/${organization.id}`, { timezone: options.timezone }, session.access_token);
  return { email, password, token: session.access_token, organizationId: organization.id };
}

/** Logs the user in through the login page, as a person would; the browser keeps the session. */
export function logIn(page: Page, system: RunningSystem, user: Pick<PaidUser, 'email' | 'password'>): Promise<void> {
  return logInInBrowser(page, system, user.email, user.password);
}
