import { ErrorCode, SharedMessages } from '@planner/contracts';
import type { ApiError } from '@planner/remote-contract';

type Body = Record<string, unknown> | null;

/** An HTTP failure with the spec's text for its status (part 1 §8). */
export class HttpError extends Error implements ApiError {
  readonly status: number;
  readonly code?: number;
  readonly body: Body;

  constructor(status: number, message: string, body: Body = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    if (typeof body?.code === 'number') this.code = body.code;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * The text part 1 §8 gives each status. Our error bodies carry the reason phrase
 * in `error` ("Bad Request") and the user-fit sentence in `message`, so `message`
 * is read before `error` where the spec offers the server's words.
 */
export function errorText(status: number, body: Body): string {
  if (status === 401) return SharedMessages.authenticationRequired;
  if (status === 403) return SharedMessages.forbidden;
  if (status === 404) return SharedMessages.notFound;
  if (status === 429) {
    if (body?.code === ErrorCode.RATE_LIMITED) return text(body.message) ?? SharedMessages.rateLimitedShort;
    return SharedMessages.rateLimitedShort;
  }
  if (status >= 500) {
    const list = Array.isArray(body?.error_messages) ? body.error_messages.filter((m): m is string => typeof m === 'string') : [];
    if (list.length) return list.join(', ');
    return text(body?.message) ?? text(body?.error) ?? SharedMessages.serverError;
  }
  return text(body?.message) ?? text(body?.error) ?? SharedMessages.badRequest;
}
