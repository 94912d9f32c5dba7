/**
 * What the load needs before it starts, made through the gateway as users
 * make it: verified users on the starter plan (set by the admin), each with
 * an organization and a Sandbox X connection; newsletter subscribers who
 * confirmed by the mailed link.
 */
import { waitFor } from '@planner/service-kit/testing';
import type { Gateway } from './client.js';
import { linkInMail } from './mailbox.js';

/** The security check's token auth takes without TURNSTILE_SECRET in development. */
export const TURNSTILE = 'development-test-widget';

export interface Credentials {
  email: string;
  password: string;
}

export interface Account extends Credentials {
  token: string;
  organizationId: string;
}

interface Session {
  access_token: string;
  user: { id: string; role: string };
}

/** POST /auth/login's body for `who`. */
export const loginBody = ({ email, password }: Credentials) => ({ email, password, turnstile_token: TURNSTILE });

export const logIn = (gateway: Gateway, who: Credentials) => gateway.call<Session>('POST', '/auth/login', { json: loginBody(who) });

export async function makeAccount(gateway: Gateway, mailDir: string, adminToken: string, name: string): Promise<Account> {
  const who = { email: `${name}@example.com`, password: 'Drill#Pass123' };
  const registered = await gateway.call<Session>('POST', '/auth/register', { json: { username: name, ...who, turnstile_token: TURNSTILE } });
  const link = await waitFor(() => linkInMail(mailDir, who.email, '/verify-email'), (found) => found !== null, 60_000);
  await gateway.call('GET', `/auth/verify-email/${link!.searchParams.get('token')}`);
  await gateway.call('POST', '/subscriptions/admin/update', { token: adminToken, json: { user_id: registered.user.id, plan_type: 'starter', status: 'active' } });
  // The role follows the plan by event (billing → auth); a login then carries it.
  const session = await waitFor(() => logIn(gateway, who), (s) => s.user.role === 'starter', 60_000);
  // organizations learns of the verification by event: it lets the user create one once it has.
  const organization = await waitFor(
    () => gateway.call<{ id: string }>('POST', '/organizations', { token: session.access_token, json: { name: `${name} brand` } }).catch(() => null),
    (created) => created !== null,
    60_000,
  );
  await gateway.call('POST', '/oauth/x/sandbox', { token: session.access_token, json: { organization_id: organization!.id } });
  return { ...who, token: session.access_token, organizationId: organization!.id };
}

/** Subscribes `email` and confirms it by the link mailed to it (a POST to the link, as its page's button does). */
export async function confirmedSubscriber(gateway: Gateway, mailDir: string, email: string): Promise<void> {
  await gateway.call('POST', '/newsletter/subscribe', { json: { email } });
  const link = await waitFor(() => linkInMail(mailDir, email, '/newsletter/confirm'), (found) => found !== null, 60_000);
  const confirmed = await fetch(link!, { method: 'POST', headers: { accept: 'application/json' } });
  if (!confirmed.ok) throw new Error(`confirming ${email}: ${confirmed.status} ${await confirmed.text()}`);
}
