import { BillingMessages, webhookAnswerSchema } from '@planner/contracts';
import { badRequest, type App } from '@planner/service-kit';
import { InvalidWebhookError } from '../adapters/payments.js';
import { handleStripeEvent } from '../commands/stripe-events.js';
import type { BillingContext } from '../context.js';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /payments/webhook: Stripe's events, signature checked over the raw
 * body (this plugin's JSON parser keeps the bytes as they came), each event
 * id applied once. A forged, stale or unsigned one is 400 and changes nothing.
 */
export async function webhookRoutes(app: App, { ctx }: { ctx: BillingContext }): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post(
    '/payments/webhook',
    { schema: { tags: ['payments'], description: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET).', response: { 200: webhookAnswerSchema } } },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = ctx.adapters.payments.readWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof InvalidWebhookError)) throw error;
        request.log.warn({ reason: error.message }, 'webhook refused');
        throw badRequest(error.configured ? BillingMessages.invalidSignature : BillingMessages.webhooksOff);
      }
      return handleStripeEvent(ctx, event);
    },
  );
}
