import { describe, expect, it } from 'vitest';
import { BillingMessages } from '@planner/contracts';
import {
  addMonth,
  effectivePlan,
  heldFromReport,
  isExpired,
  judgeReport,
  nextAnnouncement,
  planChangeFor,
  judgeInvoice,
  subscriptionDetails,
  type HeldSubscription,
  type ProviderSubscription,
} from '../src/domain/subscription-state.js';
import { isOwnPage, withQuery } from '../src/domain/redirects.js';

const t = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

const report = (over: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  planType: 'pro',
  status: 'active',
  periodStart: t(0),
  periodEnd: t(30 * 86400),
  cancelAtPeriodEnd: false,
  amountCents: 1999,
  ...over,
});
const held = (over: Partial<HeldSubscription> = {}, at = t(100)): HeldSubscription => ({ ...heldFromReport('stripe', report(), at), ...over });

describe('judgeReport: the object’s own state and time, not arrival', () => {
  it('applies the first report and newer ones', () => {
    expect(judgeReport(null, report(), t(1))).toBe('apply');
    expect(judgeReport(held(), report({ planType: 'advanced', amountCents: 3999 }), t(101))).toBe('apply');
  });

  it('skips an older report and a copy of the state held; a newer copy moves the time on', () => {
    expect(judgeReport(held(), report({ planType: 'starter' }), t(99))).toBe('stale');
    expect(judgeReport(held(), report(), t(100))).toBe('unchanged');
    expect(judgeReport(held(), report(), t(200))).toBe('apply');
  });

  it('calls a same-second report that says something else a tie', () => {
    expect(judgeReport(held(), report({ cancelAtPeriodEnd: true }), t(100))).toBe('tie');
  });

  it('never revives a subscription that ended, whatever its time', () => {
    const ended = held({ status: 'canceled' });
    expect(judgeReport(ended, report(), t(500))).toBe('stale');
    expect(judgeReport(ended, report({ status: 'canceled' }), t(500))).toBe('unchanged');
  });

  it('lets a new live subscription replace another, while another one ending changes nothing', () => {
    expect(judgeReport(held(), report({ subscriptionId: 'sub_2' }), t(1))).toBe('apply');
    expect(judgeReport(held(), report({ subscriptionId: 'sub_0', status: 'canceled' }), t(500))).toBe('stale');
  });
});

describe('judgeInvoice', () => {
  it('past_due on a failed payment, active once paid, in Stripe’s order', () => {
    expect(judgeInvoice(held(), 'sub_1', false, t(150))).toEqual({ verdict: 'apply', status: 'past_due' });
    expect(judgeInvoice(held({ status: 'past_due' }, t(150)), 'sub_1', true, t(200))).toEqual({ verdict: 'apply', status: 'active' });
    // The failure of before the payment, arriving after it, changes nothing.
    expect(judgeInvoice(held({}, t(200)), 'sub_1', false, t(150)).verdict).toBe('stale');
    // Of the same second as the state held and saying otherwise: Stripe settles it.
    expect(judgeInvoice(held({ status: 'past_due' }, t(200)), 'sub_1', true, t(200)).verdict).toBe('tie');
    expect(judgeInvoice(held({}, t(200)), 'sub_1', true, t(300)).verdict).toBe('unchanged');
  });

  it('ignores invoices of other or ended subscriptions', () => {
    expect(judgeInvoice(held(), 'sub_other', true, t(200)).verdict).toBe('stale');
    expect(judgeInvoice(held({ status: 'canceled' }), 'sub_1', true, t(200)).verdict).toBe('stale');
    expect(judgeInvoice(null, 'sub_1', true, t(200)).verdict).toBe('stale');
  });
});

describe('planChangeFor (part 2 §2 buttons)', () => {
  it('sends users without a paid subscription to checkout, and refuses basic', () => {
    expect(planChangeFor(null, 'starter')).toEqual({ kind: 'checkout' });
    expect(planChangeFor(held({ status: 'canceled' }), 'pro')).toEqual({ kind: 'checkout' });
    expect(planChangeFor(held({ source: 'admin', stripeSubscriptionId: null }), 'pro')).toEqual({ kind: 'checkout' });
    expect(planChangeFor(null, 'basic')).toEqual({ kind: 'refused', message: BillingMessages.noSubscription });
  });

  it('changes a paying user’s plan in place; basic cancels at the period end; the same plan again resumes', () => {
    expect(planChangeFor(held(), 'advanced')).toEqual({ kind: 'change' });
    expect(planChangeFor(held({ status: 'past_due' }), 'starter')).toEqual({ kind: 'change' });
    expect(planChangeFor(held(), 'basic')).toEqual({ kind: 'cancel_at_period_end' });
    expect(planChangeFor(held({ cancelAtPeriodEnd: true }), 'basic')).toEqual({ kind: 'refused', message: BillingMessages.alreadyDowngraded });
    expect(planChangeFor(held({ cancelAtPeriodEnd: true }), 'pro')).toEqual({ kind: 'resume' });
    expect(planChangeFor(held(), 'pro')).toEqual({ kind: 'refused', message: BillingMessages.alreadyOnPlan('pro') });
  });
});

describe('expiry and the plan in effect (part 2 §4)', () => {
  it('is expired when canceled, absent, or past the period end with the cancel flag', () => {
    expect(isExpired(null, t(0))).toBe(true);
    expect(isExpired(held({ status: 'canceled' }), t(0))).toBe(true);
    expect(isExpired(held({ cancelAtPeriodEnd: true }), t(30 * 86400 - 1))).toBe(false);
    expect(isExpired(held({ cancelAtPeriodEnd: true }), t(30 * 86400))).toBe(true);
    expect(isExpired(held(), t(60 * 86400))).toBe(false);
  });

  it('puts a canceled subscription’s user on basic', () => {
    expect(effectivePlan(held({ status: 'canceled' }))).toBe('basic');
    expect(effectivePlan(held({ status: 'past_due' }))).toBe('pro');
  });
});

describe('views and times', () => {
  it('shows the spec’s fields, the amount in dollars', () => {
    const view = subscriptionDetails({ ...held(), createdAt: t(0), updatedAt: t(1) });
    expect(view).toEqual({
      plan_type: 'pro',
      status: 'active',
      current_period_start: t(0).toISOString(),
      current_period_end: t(30 * 86400).toISOString(),
      cancel_at_period_end: false,
      amount: 19.99,
      created_at: t(0).toISOString(),
      updated_at: t(1).toISOString(),
    });
  });

  it('announces each change of a user after the previous one', () => {
    expect(nextAnnouncement(t(100), null)).toEqual(t(100));
    expect(nextAnnouncement(t(100), t(50))).toEqual(t(100));
    expect(nextAnnouncement(t(100), t(100)).getTime()).toBe(t(100).getTime() + 1);
  });

  it('ends a monthly period on the same day, or the month’s last', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('redirect pages', () => {
  it('accepts only the app’s own origin', () => {
    expect(isOwnPage('https://planner.example/plan-selection?x=1', 'https://planner.example')).toBe(true);
    expect(isOwnPage('https://evil.example/plan-selection', 'https://planner.example')).toBe(false);
    expect(isOwnPage('http://planner.example/', 'https://planner.example')).toBe(false);
    expect(isOwnPage('https://planner.example.evil.example/', 'https://planner.example')).toBe(false);
    expect(isOwnPage('javascript:alert(1)', 'https://planner.example')).toBe(false);
  });

  it('adds query parameters, keeping Stripe’s placeholder', () => {
    expect(withQuery('https://a.example/p?x=1#top', { session_id: '{CHECKOUT_SESSION_ID}', plan: 'pro' })).toBe('https://a.example/p?x=1&session_id={CHECKOUT_SESSION_ID}&plan=pro#top');
  });
});
