import { randomUUID } from 'node:crypto';
import { BillingMessages } from '@planner/contracts';
import { priceCentsOf } from '../domain/subscription-state.js';
import { InvalidWebhookError, type Payments } from './payments.js';

/** Where the sandbox's checkout page of a session lives, through the gateway. */
export const sandboxCheckoutPath = (sessionId: string) => `/payments/sandbox/checkout/${sessionId}`;

/**
 * Payments without a Stripe key: the checkout is billing's own labelled page
 * (the sandbox checkout routes complete or cancel it and apply what the
 * webhooks would), plan changes take effect on the local subscription, and no
 * money moves. There is no portal and no webhook.
 */
export function sandboxPayments(appUrl: string): Payments {
  return {
    source: 'sandbox',
    async createCheckout() {
      const id = `cs_sandbox_${randomUUID().replaceAll('-', '')}`;
      return { id, url: new URL(`/api${sandboxCheckoutPath(id)}`, appUrl).toString() };
    },
    // The page applied the subscription when it completed the checkout.
    async checkoutOutcome({ status }) {
      return { paid: status === 'complete', subscription: null };
    },
    async subscription() {
      return null;
    },
    async changePlan(current, plan) {
      return { ...current, planType: plan, amountCents: priceCentsOf(plan), cancelAtPeriodEnd: false };
    },
    async setCancelAtPeriodEnd(current, cancel) {
      return { ...current, cancelAtPeriodEnd: cancel };
    },
    async cancelNow(current) {
      return { ...current, status: 'canceled', cancelAtPeriodEnd: false };
    },
    async portalUrl() {
      return null;
    },
    readWebhook() {
      throw new InvalidWebhookError(BillingMessages.webhooksOff, false);
    },
  };
}
