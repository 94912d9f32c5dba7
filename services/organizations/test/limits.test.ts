import { describe, expect, it } from 'vitest';
import { organizationLimits } from '../src/domain/limits.js';

describe('organization limits (part 2 §1)', () => {
  it('allows 1/5/10/25 active organizations by plan and counts what is left', () => {
    expect(organizationLimits('basic', 0, 2)).toEqual({ active_count: 0, inactive_count: 2, total_count: 2, limit: 1, can_create_more: true, remaining: 1 });
    expect(organizationLimits('basic', 1, 0)).toMatchObject({ can_create_more: false, remaining: 0 });
    expect(organizationLimits('starter', 4, 0)).toMatchObject({ limit: 5, remaining: 1 });
    expect(organizationLimits('pro', 10, 0)).toMatchObject({ limit: 10, can_create_more: false });
    expect(organizationLimits('advanced', 3, 0)).toMatchObject({ limit: 25, remaining: 22 });
  });

  it('gives admins no limit (null)', () => {
    expect(organizationLimits('admin', 400, 0)).toMatchObject({ limit: null, remaining: null, can_create_more: true });
  });
});
