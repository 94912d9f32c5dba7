import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { behindGateway, type Answer, type GatewayClient } from '@planner/gateway/testing';
import { startStripeStandIn, type StripeEventObject, type StripeStandIn } from '@planner/platform-stand-ins';
import type { EventData, Role } from '@planner/contracts';
import { startTestService, type TestServiceContext } from '@planner/service-kit/testing';
import type { App } from '@planner/service-kit';
import type { BillingAdapters } from '../src/adapters/index.js';
import type { BillingConfig } from '../src/config.js';
import { billingService } from '../src/service.js';
import { addPlanPrices, signed, stripeEnv } from '../src/testing.js';

/** The app's public origin in these tests: success and cancel pages must be on it. */
export const APP_URL = 'https://planner.example';
export const page = (path = '/plan-selection') => `${APP_URL}${path}`;

export interface BillingHarness {
  ctx: TestServiceContext<BillingConfig> & { adapters: BillingAdapters };
  app: App;
  api: GatewayClient;
  /** The Stripe stand-in billing talks to (absent in sandbox mode). */
  stripe: StripeStandIn;
  /** A fresh user's id and access token of `role`. */
  user(role?: Role): Promise<{ id: string; token: string }>;
  /** A call through the gateway, as the browser makes it. */
  call(method: 'GET' | 'POST', path: string, token: string | null, payload?: object): Promise<Answer>;
  /** Events posted to the webhook through the gateway, each signed as Stripe signs it. */
  deliver(...events: StripeEventObject[]): Promise<Answer[]>;
  /** What billing announced for the user, oldest first. */
  announced(userId: string): Promise<Array<EventData<'billing.subscription.changed'>>>;
}

/**
 * Billing behind the real gateway on this file's schema and namespace, with
 * Stripe at the stand-in (or, with `sandbox`, no Stripe key).
 */
export function useBilling(options: { sandbox?: boolean; env?: Record<string, string> } = {}): BillingHarness {
  const h = {} as BillingHarness;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    h.stripe = await startStripeStandIn();
    const env = { APP_URL, ...(options.sandbox ? {} : stripeEnv(h.stripe, addPlanPrices(h.stripe))), ...options.env };
    ({ ctx: h.ctx, app: h.app, close } = await startTestService(billingService, { env }));
    h.api = await behindGateway(h.app, 'billing', h.ctx.keys.jwks);
  });

  afterAll(async () => {
    await h.api?.close();
    await close?.();
    await h.stripe?.close();
  });

  h.user = async (role = 'basic') => {
    const id = randomUUID();
    return { id, token: await h.ctx.keys.sign({ sub: id, role }) };
  };
  h.call = (method, path, token, payload) => h.api.send({ method, url: path, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  h.deliver = async (...events) => {
    const answers: Answer[] = [];
    for (const event of events) {
      const { body, signature } = signed(event);
      answers.push(await h.api.send({ method: 'POST', url: '/payments/webhook', body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } }));
    }
    return answers;
  };
  h.announced = async (userId) => {
    const rows = await h.ctx.dataSource.query<Array<{ envelope: { data: EventData<'billing.subscription.changed'> } }>>(
      `SELECT envelope FROM outbox WHERE subject = 'billing.subscription.changed' AND envelope->'data'->>'userId' = $1 ORDER BY envelope->'data'->>'changedAt'`,
      [userId],
    );
    return rows.map((row) => row.envelope.data);
  };
  return h;
}
