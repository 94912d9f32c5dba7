import type { SubscriptionDetails } from '@planner/contracts';

/** A running Professional subscription as billing reports it, with `overrides`. */
export const subscriptionDetails = (overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails => ({
  plan_type: 'pro',
  status: 'active',
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  cancel_at_period_end: false,
  amount: 19.99,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
