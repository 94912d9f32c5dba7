import { consume } from '@planner/service-kit';
import { applySubscriptionChange } from '../commands/subscription.js';

/** The user's role follows their plan (billing.subscription.changed), once per event. */
export const subscriptionChanged = consume('billing.subscription.changed', (data, { ctx, manager, envelope }) => applySubscriptionChange(ctx, manager, data, envelope.occurredAt));
