import type { Page } from 'playwright-core';
import type { PlanType } from '@planner/contracts';
import { waitFor } from '@planner/service-kit/testing';
import { mailedLink, type RunningSystem } from './system.js';

const TURNSTILE = 'development-test-widget';

/** One JSON call to the running product's API; a failure throws with the answer's text. */
export async function api<T>(system: RunningSystem, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${system.url}/api${url}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

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
  await api(system, 'POST', '/auth/register', { username: `${options.prefix}_${stamp}`, email, password, turnstile_token: TURNSTILE });
  const link = await waitFor(() => mailedLink(system.mailDir, email, 'verify-email'), (found) => found !== null, 30_000);
  await api(system, 'GET', `/auth/verify-email/${new URL(link!).searchParams.get('token')}`);
  const login = () => api<{ access_token: string; user: { role: string } }>(system, 'POST', '/auth/login', { email, password, turnstile_token: TURNSTILE });

  const basic = (await login()).access_token;
  const { checkoutUrl } = await api<{ checkoutUrl: string }>(
    system,
    'POST',
    '/payments/create-checkout-session',
    { planType: plan, successUrl: `${system.url}/plan-selection`, cancelUrl: `${system.url}/plan-selection` },
    basic,
  );
  const paid = await fetch(`${checkoutUrl}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`sandbox checkout: ${paid.status} ${await paid.text()}`);
  // /auth/me (not under the login's rate limit) tells when auth has the role; a new login then carries it.
  await waitFor(() => api<{ user: { role: string } }>(system, 'GET', '/auth/me', undefined, basic), (me) => me.user.role === plan, 30_000);
  const session = await login();

  // organizations learns of the verification by event: retry until it lets the user create one.
  const organization = await waitFor(
    () => api<{ id: string }>(system, 'POST', '/organizations', { name: options.organization }, session.access_token).catch(() => null),
    (created) => created !== null,
    15_000,
  );
  if (options.timezone) await api(system, 'PUT', `/organizations/${organization!.id}`, { timezone: options.timezone }, session.access_token);
  return { email, password, token: session.access_token, organizationId: organization!.id };
}

/** Logs the user in through the login page, as a person would; the browser keeps the session. */
export async function logIn(page: Page, system: RunningSystem, user: Pick<PaidUser, 'email' | 'password'>): Promise<void> {
  await page.goto(`${system.url}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('I am not a robot').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}
