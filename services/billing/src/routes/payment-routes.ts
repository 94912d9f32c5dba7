import {
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  paymentResultSchema,
  subscriptionResponseSchema,
  verifyPaymentRequestSchema,
} from '@planner/contracts';
import { requireUser, type App } from '@planner/service-kit';
import { startCheckout, verifyPayment } from '../commands/checkout.js';
import { cancelSubscription } from '../commands/plan-changes.js';
import { subscriptionOf } from '../commands/subscription-view.js';
import type { BillingContext } from '../context.js';

/** The caller's plan: checkout, verification, the subscription and its cancellation (part 2 §2, §7). */
export async function paymentRoutes(app: App, { ctx }: { ctx: BillingContext }): Promise<void> {
  const tags = ['payments'];
  app.post(
    '/payments/create-checkout-session',
    {
      schema: {
        tags,
        description: 'Stripe Checkout (or the sandbox page) for a paid plan; a paying user changes plan on their subscription (prorated), basic cancels at the period end, the same plan again resumes.',
        body: checkoutSessionRequestSchema,
        response: { 200: checkoutSessionResponseSchema },
      },
    },
    async (request) => startCheckout(ctx, requireUser(request), request.body),
  );
  app.post(
    '/payments/verify-payment',
    { schema: { tags, description: 'Confirms the caller’s checkout was paid and applies its subscription.', body: verifyPaymentRequestSchema, response: { 200: paymentResultSchema } } },
    async (request) => verifyPayment(ctx, requireUser(request), request.body),
  );
  app.get(
    '/payments/subscriptions',
    { schema: { tags, description: 'The caller’s subscription and a link to Stripe’s billing portal.', response: { 200: subscriptionResponseSchema } } },
    async (request) => subscriptionOf(ctx, requireUser(request).userId),
  );
  app.post(
    '/payments/cancel-subscription',
    { schema: { tags, description: 'Cancels at the period end: the plan stays until then, then basic.', response: { 200: paymentResultSchema } } },
    async (request) => cancelSubscription(ctx, requireUser(request).userId),
  );
}
