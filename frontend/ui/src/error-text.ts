import { SharedMessages } from '@planner/contracts';
import { isApiError } from '@planner/remote-contract';

/** Part 2 §8 (templates/config): a rate limit in the spec's words when the server sent none. */
export const RATE_LIMITED = 'Slow down, rate limit was reached. Please try again later.';

/**
 * Part 2 §8's shared parser of a failed call: the server's message, a rate
 * limit in its own words, else the client's text for the status, else `fallback`.
 */
export function errorText(error: unknown, fallback: string = SharedMessages.serverError): string {
  if (!isApiError(error)) return fallback;
  const message = error.body?.message;
  if (error.status === 429) return typeof message === 'string' && message ? message : RATE_LIMITED;
  return typeof message === 'string' && message.trim() ? message : error.message || fallback;
}
