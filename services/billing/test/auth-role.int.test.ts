/**
 * The role follows the plan, end to end: the real auth service (a process in
 * this file's namespace) consumes billing.subscription.changed, and the user
 * sees the new role through /api/auth/me, every call going through the real
 * gateway as a browser's does.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair } from 'jose';
import { gatewayClient, NO_RATE_LIMITS, startGateway, type GatewayClient, type TestGateway } from '@planner/gateway/testing';
import { startStripeStandIn, type StripeStandIn } from '@planner/platform-stand-ins';
import { AuthMessages, BillingMessages, SharedMessages } from '@planner/contracts';
import { freePort, loopbackUrl, removeNamespace, startServiceProcess, startTestService, waitFor, type TestProcess } from '@planner/service-kit/testing';
import type { BillingContext } from '../src/context.js';
import { Subscription } from '../src/entities/subscription.entity.js';
import { billingService } from '../src/service.js';
import { APP_URL, page } from './harness.js';
import { addPlanPrices, signed, stripeEnv } from '../src/testing.js';

const authDir = fileURLToPath(new URL('../../auth', import.meta.url));
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-auth-'));
const ADMIN = { email: 'billing.admin@example.com', password: 'Admin#Billing1' };

let stripe: StripeStandIn;
let stopBilling: (() => Promise<void>) | undefined;
let billing: BillingContext;
let namespace = '';
let auth: TestProcess | undefined;
let gateway: TestGateway | undefined;
let api: GatewayClient;

beforeAll(async () => {
  // Auth signs with a key this test knows, so billing (started first, to make the namespace) verifies its tokens.
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = 'billing-test';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' }] };
  stripe = await startStripeStandIn();
  const service = await startTestService(billingService, { env: { APP_URL, ...stripeEnv(stripe, addPlanPrices(stripe)) }, jwks });
  stopBilling = service.close;
  billing = service.ctx;
  namespace = service.ctx.id;
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const authPort = await freePort();
  auth = await startServiceProcess(authDir, {
    namespace,
    logDir,
    env: { PORT: String(authPort), JWKS_URL: `http://127.0.0.1:${authPort}/.well-known/jwks.json`, AUTH_SIGNING_KEY: JSON.stringify({ ...(await exportJWK(privateKey)), kid }), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  gateway = await startGateway({ upstreams: { billing: loopbackUrl(service.app), auth: `http://127.0.0.1:${authPort}` }, env: NO_RATE_LIMITS, jwks, namespace });
  api = gatewayClient(gateway.url);
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await auth?.stop();
  await stopBilling?.();
  await stripe?.close();
  if (namespace) await removeNamespace(namespace);
  fs.rmSync(logDir, { recursive: true, force: true });
});

const asUser = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user registered with auth, as the browser does it: their token. */
async function register(name: string): Promise<{ token: string; id: string }> {
  const answer = await api.send({ method: 'POST', url: '/auth/register', payload: { username: name, email: `${name}@example.com`, password: 'Sturdy#Pass1', turnstile_token: 'sandbox' } });
  expect(answer.statusCode).toBe(201);
  const { access_token: token, user } = answer.json();
  return { token, id: user.id };
}

/** The role auth gives the user now, once it is `role` (auth applies the event when it arrives). */
const roleBecomes = (token: string, role: string) =>
  waitFor(async () => (await api.send({ method: 'GET', url: '/auth/me', headers: asUser(token) })).json().user.role as string, (current) => current === role, 15_000);

async function deliver(): Promise<void> {
  for (const event of stripe.takeEvents()) {
    const { body, signature } = signed(event);
    const answer = await api.send({ method: 'POST', url: '/payments/webhook', body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(answer.statusCode).toBe(200);
  }
}

describe('the role follows the plan (auth consumes billing.subscription.changed)', () => {
  it('checkout → completed webhook → the user is pro in auth; cancel at the period end → basic when it ends', async () => {
    const user = await register('billing_buyer');
    expect(await roleBecomes(user.token, 'basic')).toBe('basic');
    const started = await api.send({ method: 'POST', url: '/payments/create-checkout-session', headers: asUser(user.token), payload: { planType: 'pro', successUrl: page(), cancelUrl: page() } });
    expect(started.statusCode).toBe(200);
    const subscription = stripe.completeCheckout(started.json().sessionId);
    await deliver();
    expect(await roleBecomes(user.token, 'pro')).toBe('pro');

    await api.send({ method: 'POST', url: '/payments/create-checkout-session', headers: asUser(user.token), payload: { planType: 'advanced', successUrl: page(), cancelUrl: page() } });
    expect(await roleBecomes(user.token, 'advanced')).toBe('advanced');

    await api.send({ method: 'POST', url: '/payments/cancel-subscription', headers: asUser(user.token) });
    stripe.endPeriod(subscription.id);
    await deliver();
    expect(await roleBecomes(user.token, 'basic')).toBe('basic');
  });

  it('an admin sets a plan (the role follows); a non-admin is refused', async () => {
    const user = await register('billing_gifted');
    const refused = await api.send({ method: 'POST', url: '/subscriptions/admin/update', headers: asUser(user.token), payload: { user_id: user.id, plan_type: 'advanced', status: 'active' } });
    expect([refused.statusCode, refused.json().message]).toEqual([403, SharedMessages.adminRequired]);
    const admin = (await api.send({ method: 'POST', url: '/auth/login', payload: { ...ADMIN, turnstile_token: 'sandbox' } })).json();
    const updated = await api.send({ method: 'POST', url: '/subscriptions/admin/update', headers: asUser(admin.access_token), payload: { user_id: user.id, plan_type: 'starter', status: 'active' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, message: BillingMessages.adminUpdated, subscription: { plan_type: 'starter', status: 'active' } });
    expect(await roleBecomes(user.token, 'starter')).toBe('starter');
    const canceled = await api.send({ method: 'POST', url: '/subscriptions/admin/update', headers: asUser(admin.access_token), payload: { user_id: user.id, plan_type: 'starter', status: 'canceled' } });
    expect(canceled.statusCode).toBe(200);
    expect(await roleBecomes(user.token, 'basic')).toBe('basic');
  });

  it('answers User not found for an id auth does not know, and creates nothing', async () => {
    const admin = (await api.send({ method: 'POST', url: '/auth/login', payload: { ...ADMIN, turnstile_token: 'sandbox' } })).json();
    const stranger = randomUUID();
    const answer = await api.send({ method: 'POST', url: '/subscriptions/admin/update', headers: asUser(admin.access_token), payload: { user_id: stranger, plan_type: 'pro', status: 'active' } });
    expect([answer.statusCode, answer.json().message]).toEqual([404, AuthMessages.userNotFound]);
    expect(await billing.dataSource.getRepository(Subscription).countBy({ userId: stranger })).toBe(0);
  });
});
