import { isApiError } from '@planner/remote-contract';

/**
 * The text of a failed admin call, on every admin page alike (panel tabs, single-user page, newsletter
 * dashboard, logs): the server's reason when it refused the request (a 4xx with a message, in the spec's
 * words, e.g. a taken slug), else the spec's words for the action (`fallback`, e.g. 'Failed to create blog
 * post'), never a transport's text after them.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status >= 500 || error.status === 401) return fallback;
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
