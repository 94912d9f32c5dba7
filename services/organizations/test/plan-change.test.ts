import { describe, expect, it } from 'vitest';
import { isStalePlanChange } from '@planner/contracts';
import { planChangeOutcome } from '../src/domain/plan-change.js';

/** `n` organizations created a minute apart, the first the oldest. */
function organizations(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: `org-${String(i).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
}
const ids = (list: Array<{ id: string }>) => list.map((organization) => organization.id);

describe('a plan change', () => {
  it('deactivates the organizations over the new limit, the most recently created first, keeping the oldest', () => {
    const active = organizations(10);
    const outcome = planChangeOutcome('pro', { planType: 'basic', status: 'active' }, [...active].reverse());
    expect(outcome.role).toBe('basic');
    expect(ids(outcome.deactivate)).toEqual(ids(active.slice(1).reverse()));
    expect(outcome.reason).toBe('Plan limit: downgraded to Basic');

    const toStarter = planChangeOutcome('advanced', { planType: 'starter', status: 'past_due' }, active);
    expect(ids(toStarter.deactivate)).toEqual(['org-09', 'org-08', 'org-07', 'org-06', 'org-05']);
    expect(toStarter.reason).toBe('Plan limit: downgraded to Starter');
  });

  it('names the plan as the user sees it', () => {
    expect(planChangeOutcome('advanced', { planType: 'pro', status: 'active' }, organizations(12)).reason).toBe('Plan limit: downgraded to Professional');
  });

  it('takes a canceled subscription as basic, whatever plan it was', () => {
    const outcome = planChangeOutcome('advanced', { planType: 'advanced', status: 'canceled' }, organizations(3));
    expect([outcome.role, ids(outcome.deactivate)]).toEqual(['basic', ['org-02', 'org-01']]);
  });

  it('leaves organizations within the limit, and reactivates none on an upgrade', () => {
    expect(planChangeOutcome('pro', { planType: 'starter', status: 'active' }, organizations(5)).deactivate).toEqual([]);
    expect(planChangeOutcome('basic', { planType: 'advanced', status: 'active' }, organizations(1))).toMatchObject({ role: 'advanced', deactivate: [] });
  });

  it('keeps an admin unlimited, and gives a test user the plan as auth does', () => {
    expect(planChangeOutcome('admin', { planType: 'basic', status: 'canceled' }, organizations(40))).toMatchObject({ role: 'admin', deactivate: [] });
    expect(planChangeOutcome('superadmin', { planType: 'basic', status: 'active' }, organizations(2)).deactivate).toEqual([]);
    expect(planChangeOutcome('test', { planType: 'pro', status: 'active' }, organizations(3))).toMatchObject({ role: 'pro', deactivate: [] });
    expect(ids(planChangeOutcome('test', { planType: 'basic', status: 'active' }, organizations(2)).deactivate)).toEqual(['org-01']);
  });

  it('orders organizations created at the same instant by id, so every delivery picks the same ones', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const same = [{ id: 'b', createdAt: at }, { id: 'a', createdAt: at }, { id: 'c', createdAt: at }];
    expect(ids(planChangeOutcome('pro', { planType: 'basic', status: 'active' }, same).deactivate)).toEqual(['c', 'b']);
  });
});

describe('a stale plan change', () => {
  it('is one older than the last applied; the first, and one at the same time or later, apply', () => {
    const last = new Date('2026-03-01T10:00:00Z');
    expect(isStalePlanChange(new Date('2026-03-01T09:59:59.999Z'), last)).toBe(true);
    expect(isStalePlanChange(last, last)).toBe(false);
    expect(isStalePlanChange(new Date('2026-03-02T00:00:00Z'), last)).toBe(false);
    expect(isStalePlanChange(new Date('2020-01-01T00:00:00Z'), null)).toBe(false);
  });
});
