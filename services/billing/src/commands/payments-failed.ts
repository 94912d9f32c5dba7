import { HttpError } from '@planner/service-kit';
import type { BillingContext } from '../context.js';
import { PaymentsError } from '../adapters/payments.js';

/** A failure of the payment side, logged, answered 503 in the spec's words for the action. */
export function paymentsFailed(ctx: BillingContext, error: unknown, message: string): never {
  if (!(error instanceof PaymentsError)) throw error;
  ctx.logger.error({ err: error }, 'payment side failed');
  throw new HttpError(503, message);
}
