import { describe, expect, it } from 'vitest';
import { OrganizationMessages } from '@planner/contracts';
import { humanDuration, reviewTimeError } from '../src/settings-rules.js';

describe('settings rules shared by forms (part 2 §5)', () => {
  it('review time: positive, at most 43200 minutes, shown in days, hours and minutes', () => {
    expect(reviewTimeError('')).toBe(OrganizationMessages.reviewTimePositive);
    expect(reviewTimeError('0')).toBe(OrganizationMessages.reviewTimePositive);
    expect(reviewTimeError('-5')).toBe(OrganizationMessages.reviewTimePositive);
    expect(reviewTimeError('43201')).toBe(OrganizationMessages.reviewTimeTooLong);
    expect(reviewTimeError('43200')).toBeNull();
    expect(humanDuration(1565)).toBe('1 day 2 hours 5 minutes');
    expect(humanDuration(60)).toBe('1 hour');
  });
});
