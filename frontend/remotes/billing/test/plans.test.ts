import { describe, expect, it } from 'vitest';
import type { SubscriptionDetails, SubscriptionResponse } from '@planner/contracts';
import { planButton, planFeatures, planPrice, planStanding, type PlanStanding } from '../src/plans.js';
import { subscriptionDetails } from './fixtures.js';

const onBasic: PlanStanding = { current: 'basic', canceling: false, lapsed: null };
const onPro: PlanStanding = { current: 'pro', canceling: false, lapsed: null };
const proCanceling: PlanStanding = { current: 'pro', canceling: true, lapsed: null };
const proLapsed: PlanStanding = { current: 'basic', canceling: false, lapsed: 'pro' };

describe('plan buttons (part 2 §2), one state each', () => {
  it('Current Plan: the plan in effect, disabled', () => {
    expect(planButton('pro', onPro, false)).toEqual({ label: 'Current Plan', disabled: true });
    expect(planButton('basic', onBasic, false)).toEqual({ label: 'Current Plan', disabled: true });
  });

  it('Upgrade: a plan above the one in effect', () => {
    expect(planButton('starter', onBasic, false)).toEqual({ label: 'Upgrade', disabled: false });
    expect(planButton('advanced', onPro, false)).toEqual({ label: 'Upgrade', disabled: false });
  });

  it('Downgrade: a paid plan below the one in effect; basic is always disabled', () => {
    expect(planButton('starter', onPro, false)).toEqual({ label: 'Downgrade', disabled: false });
    expect(planButton('basic', onPro, false)).toEqual({ label: 'Downgrade', disabled: true });
  });

  it('Active Until End of Period: the plan in effect once canceled at the period end', () => {
    expect(planButton('pro', proCanceling, false)).toEqual({ label: 'Active Until End of Period', disabled: true });
  });

  it('Downgrade, not Already Downgraded, on basic while a canceled paid plan still runs', () => {
    expect(planButton('basic', proCanceling, false)).toEqual({ label: 'Downgrade', disabled: true });
    expect(planButton('advanced', proCanceling, false)).toEqual({ label: 'Upgrade', disabled: false });
  });

  it('Resubscribe: the paid plan of an expired subscription; Already Downgraded: basic once it ran out', () => {
    expect(planButton('pro', proLapsed, false)).toEqual({ label: 'Resubscribe', disabled: false });
    expect(planButton('starter', proLapsed, false)).toEqual({ label: 'Upgrade', disabled: false });
    expect(planButton('basic', proLapsed, false)).toEqual({ label: 'Already Downgraded', disabled: true });
  });

  it('every button is disabled while processing or verifying a payment, its label kept', () => {
    for (const standing of [onBasic, onPro, proCanceling, proLapsed]) {
      for (const plan of ['basic', 'starter', 'pro', 'advanced'] as const) {
        const button = planButton(plan, standing, true);
        expect(button).toEqual({ label: planButton(plan, standing, false).label, disabled: true });
      }
    }
  });
});

const answer = (has_subscription: boolean, subscription: SubscriptionDetails | null): SubscriptionResponse => ({
  has_subscription,
  subscription,
  portal_url: null,
  sandbox: true,
});

describe('where the user stands (part 2 §4)', () => {
  it('reads the running subscription, its cancellation, and an expired one', () => {
    expect(planStanding(undefined)).toEqual(onBasic);
    expect(planStanding(answer(false, null))).toEqual(onBasic);
    expect(planStanding(answer(true, subscriptionDetails()))).toEqual(onPro);
    expect(planStanding(answer(true, subscriptionDetails({ cancel_at_period_end: true })))).toEqual(proCanceling);
    expect(planStanding(answer(false, subscriptionDetails({ status: 'canceled' })))).toEqual(proLapsed);
    expect(planStanding(answer(false, subscriptionDetails({ plan_type: 'basic', status: 'canceled' })))).toEqual(onBasic);
  });
});

describe('plan cards (part 2 §1)', () => {
  it('prices per month and the features of the plan table', () => {
    expect(['basic', 'starter', 'pro', 'advanced'].map((plan) => planPrice(plan as 'basic'))).toEqual(['Free', '$9.99', '$19.99', '$39.99']);
    expect(planFeatures('basic')).toEqual([
      { text: '1 organization', included: true },
      { text: 'No content generation', included: false },
      { text: 'No media generation', included: false },
      { text: 'Calendar, Auto-Post, Post Review', included: false },
      { text: 'Priority Support', included: false },
    ]);
    expect(planFeatures('advanced').map((feature) => feature.text)).toEqual([
      '25 organizations',
      '100 content generations per day',
      '50 media generations per day',
      'Calendar, Auto-Post, Post Review',
      'Priority Support',
    ]);
    expect(planFeatures('advanced').every((feature) => feature.included)).toBe(true);
  });
});
