import { SharedMessages } from '@planner/contracts';
import { isApiError } from '@planner/remote-contract';

/** Part 2 §8 (templates/config): rate limits in the spec's words. */
export const RATE_LIMITED = 'Slow down, rate limit was reached. Please try again later.';
export const UPDATED = 'Updated successfully!';
export const NO_TEMPLATES = 'No templates found. Create one to get started.';

/** Part 2 §8: the server's message, a rate limit in its own words, else `fallback`. */
export function errorText(error: unknown, fallback: string = SharedMessages.serverError): string {
  if (!isApiError(error)) return fallback;
  const message = error.body?.message;
  if (error.status === 429) return typeof message === 'string' && message ? message : RATE_LIMITED;
  return typeof message === 'string' && message.trim() ? message : error.message || fallback;
}
