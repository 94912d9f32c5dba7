import { z } from 'zod';
import { HttpError, type App } from '@planner/service-kit';
import { cancelSandboxCheckout, completeSandboxCheckout, openSandboxCheckout } from '../commands/sandbox-checkout.js';
import type { BillingContext } from '../context.js';
import { sandboxCheckoutGonePage, sandboxCheckoutPage } from '../domain/sandbox-page.js';

const HTML = 'text/html; charset=utf-8';
/** A checkout session's id as Stripe's look (`cs_…`), not a UUID: one that names no session is the gone page. */
const sessionParams = z.object({ id: z.string() });

/**
 * The sandbox checkout (no Stripe key): a labelled page at the checkout URL,
 * whose Pay applies what Stripe's webhooks would and Cancel closes it; both
 * go on to the checkout's success or cancel page. The unguessable session id
 * in the address is the capability, as Stripe's checkout URL is.
 */
export async function sandboxRoutes(app: App, { ctx }: { ctx: BillingContext }): Promise<void> {
  // The page's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const schema = { tags: ['payments'], params: sessionParams, hide: true };
  const gone = (error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return sandboxCheckoutGonePage(error.message);
    throw error;
  };

  app.get('/payments/sandbox/checkout/:id', { schema }, async (request, reply) => {
    try {
      const session = await openSandboxCheckout(ctx, request.params.id);
      return await reply.type(HTML).header('cache-control', 'no-store').send(sandboxCheckoutPage(session.id, session.planType));
    } catch (error) {
      return reply.status(404).type(HTML).send(gone(error));
    }
  });
  app.post('/payments/sandbox/checkout/:id/complete', { schema }, async (request, reply) => {
    try {
      return await reply.redirect(await completeSandboxCheckout(ctx, request.params.id), 303);
    } catch (error) {
      return reply.status(404).type(HTML).send(gone(error));
    }
  });
  app.post('/payments/sandbox/checkout/:id/cancel', { schema }, async (request, reply) => {
    try {
      return await reply.redirect(await cancelSandboxCheckout(ctx, request.params.id), 303);
    } catch (error) {
      return reply.status(404).type(HTML).send(gone(error));
    }
  });
}
