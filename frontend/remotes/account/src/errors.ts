import { isApiError } from '@planner/remote-contract';

/** The server's own sentence when it sent one, else the client's text for the status. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const message = error.body?.message;
  return typeof message === 'string' && message.trim() ? message : error.message || fallback;
}
