import { consume } from '@planner/service-kit';
import { applyPlanChange } from '../commands/plan-change.js';

/** A user's plan as it takes effect (billing.subscription.changed): limits follow it, once per event. */
export const planChanges = consume('billing.subscription.changed', (data, { ctx, manager, envelope }) => applyPlanChange(ctx, manager, data, envelope.occurredAt));
