import { describe, expect, it } from 'vitest';
import { postCreationInstant, reviewLeadMinutes, timingOf } from '../src/domain/slots.js';

const at = (value: string) => new Date(value);

describe('a saved schedule’s timing', () => {
  it('is one-off with a date, else weekly on its day and time', () => {
    expect(timingOf({ specificDate: at('2026-12-24T18:00:00Z'), dayOfWeek: null, timeOfDay: null })).toEqual({ kind: 'once', at: at('2026-12-24T18:00:00Z') });
    expect(timingOf({ specificDate: null, dayOfWeek: 'monday', timeOfDay: '09:00' })).toEqual({ kind: 'weekly', dayOfWeek: 'monday', timeOfDay: '09:00' });
  });
});

describe('when a slot’s post is made', () => {
  it('review time minutes before the slot: the schedule’s own, else the organization’s default', () => {
    expect(reviewLeadMinutes({ specificBeforePostReviewTime: 90 }, 1440)).toBe(90);
    expect(reviewLeadMinutes({ specificBeforePostReviewTime: null }, 1440)).toBe(1440);
    expect(postCreationInstant(at('2026-03-09T13:00:00Z'), 90)).toEqual(at('2026-03-09T11:30:00Z'));
    // A day of elapsed time before Monday 09:00 EDT, across the change: Sunday 09:00 EDT.
    expect(postCreationInstant(at('2026-03-09T13:00:00Z'), 1440)).toEqual(at('2026-03-08T13:00:00Z'));
    expect(postCreationInstant(at('2026-12-24T18:00:00Z'), 43200)).toEqual(at('2026-11-24T18:00:00Z'));
  });
});
