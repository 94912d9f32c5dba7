import { describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { errorText, RATE_LIMITED } from '../src/error-text.js';

const failure = (status: number, body: Record<string, unknown> | null, message = 'The client’s text') => Object.assign(new Error(message), { status, body });

describe('the text of a failed call (part 2 §8)', () => {
  it('is the server’s message, else the client’s text for the status, else the fallback', () => {
    expect(errorText(failure(400, { message: 'Please enter a schedule name.' }))).toBe('Please enter a schedule name.');
    expect(errorText(failure(500, null))).toBe('The client’s text');
    expect(errorText(new Error('not an API error'), 'Fallback')).toBe('Fallback');
    expect(errorText('nothing')).toBe(SharedMessages.serverError);
  });

  it('says a rate limit in the spec’s words when the server sent none', () => {
    expect(errorText(failure(429, null))).toBe(RATE_LIMITED);
    expect(errorText(failure(429, { message: 'Wait 5 seconds.' }))).toBe('Wait 5 seconds.');
  });
});
