import { describe, expect, it } from 'vitest';
import { dailyGenerationLimit, localDate, quotaDay, resetText, waitText } from '../src/domain/quotas.js';

describe('daily generation limits (part 2 §1)', () => {
  it('content 20/50/100 and media 10/25/50 for starter/pro/advanced, none for basic, unlimited without a plan (admins)', () => {
    expect(['starter', 'pro', 'advanced', 'basic'].map((plan) => dailyGenerationLimit(plan, 'content'))).toEqual([20, 50, 100, 0]);
    expect(['starter', 'pro', 'advanced', 'basic'].map((plan) => dailyGenerationLimit(plan, 'media'))).toEqual([10, 25, 50, 0]);
    expect(dailyGenerationLimit(null, 'content')).toBeNull();
    expect(dailyGenerationLimit('platinum', 'content')).toBe(0);
  });
});

describe('the quota day in the organization’s time zone', () => {
  it('ends at the next local midnight', () => {
    expect(quotaDay(new Date('2026-01-15T23:30:00Z'), 'America/New_York')).toEqual({ day: '2026-01-15', resetsAt: new Date('2026-01-16T05:00:00Z') });
    expect(quotaDay(new Date('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2026-01-16', resetsAt: new Date('2026-01-16T15:00:00Z') });
    expect(quotaDay(new Date('2026-01-15T00:00:00Z'), 'UTC')).toEqual({ day: '2026-01-15', resetsAt: new Date('2026-01-16T00:00:00Z') });
  });

  it('DST days in Europe/London: 23 hours in spring, 25 in autumn', () => {
    // 29 March 2026: clocks go from 01:00 GMT to 02:00 BST; the next midnight is 23:00 UTC.
    const spring = quotaDay(new Date('2026-03-29T00:30:00Z'), 'Europe/London');
    expect(spring).toEqual({ day: '2026-03-29', resetsAt: new Date('2026-03-29T23:00:00Z') });
    // 25 October 2026: back from BST to GMT; the day began at 23:00 UTC the day before and lasts 25 hours.
    const autumn = quotaDay(new Date('2026-10-24T23:00:00Z'), 'Europe/London');
    expect(autumn).toEqual({ day: '2026-10-25', resetsAt: new Date('2026-10-26T00:00:00Z') });
    expect(autumn.resetsAt.getTime() - new Date('2026-10-24T23:00:00Z').getTime()).toBe(25 * 3600_000);
  });

  it('DST days in America/New_York: the spring day ends at 04:00 UTC, the autumn day at 05:00 UTC', () => {
    // 8 March 2026: EST → EDT at 02:00 local.
    expect(quotaDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', resetsAt: new Date('2026-03-09T04:00:00Z') });
    // 1 November 2026: EDT → EST at 02:00 local; the day started 04:00 UTC and lasts 25 hours.
    expect(quotaDay(new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', resetsAt: new Date('2026-11-02T05:00:00Z') });
    // One second before the end is still the same day.
    expect(localDate(new Date('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('2026-11-01');
  });

  it('a zone whose midnight is skipped ends the day when the date changes (America/Santiago, 6 Sep 2026, 00:00 → 01:00)', () => {
    const { resetsAt } = quotaDay(new Date('2026-09-05T12:00:00Z'), 'America/Santiago');
    expect(localDate(resetsAt, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(resetsAt.getTime() - 1000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('an unknown zone counts as UTC', () => {
    expect(quotaDay(new Date('2026-01-15T10:00:00Z'), 'Mars/Olympus')).toEqual({ day: '2026-01-15', resetsAt: new Date('2026-01-16T00:00:00Z') });
  });

  it('says when the limit resets and how long until then', () => {
    expect(resetText(new Date('2026-03-29T19:40:00Z'), new Date('2026-03-29T23:00:00Z'), 'Europe/London')).toBe('00:00 Europe/London time (in 3 h 20 min)');
    expect(waitText(20)).toBe('20 seconds');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(61)).toBe('2 min');
    expect(waitText(7200)).toBe('2 h');
  });
});
