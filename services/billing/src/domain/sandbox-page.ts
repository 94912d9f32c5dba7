import { planLabel, PLANS, type PlanType } from '@planner/contracts';
import { escapeHtml, htmlPage as page } from '@planner/service-kit';

/** The sandbox's checkout page: clearly labelled, no card asked, Pay or Cancel (forms posting to its own address). */
export function sandboxCheckoutPage(sessionId: string, plan: PlanType): string {
  // Relative to the page's own address (…/checkout/{id}), through whatever prefix the gateway adds.
  const action = (what: string) => `${escapeHtml(encodeURIComponent(sessionId))}/${what}`;
  const price = `$${(PLANS[plan].priceCents / 100).toFixed(2)} a month`;
  return page(
    'Sandbox checkout',
    `<p><strong>SANDBOX — no real payment.</strong> Stripe is not configured on this server, so this page stands in for its checkout: nothing is charged.</p>` +
      `<h1>${escapeHtml(planLabel(plan))} plan</h1><p>${escapeHtml(price)}</p>` +
      `<form method="post" action="${action('complete')}"><button type="submit">Pay (sandbox)</button></form>` +
      `<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
  );
}

/** A sandbox checkout that is no longer open (paid, canceled, or never made). */
export function sandboxCheckoutGonePage(message: string): string {
  return page('Sandbox checkout', `<p><strong>SANDBOX</strong></p><p>${escapeHtml(message)}</p>`);
}
