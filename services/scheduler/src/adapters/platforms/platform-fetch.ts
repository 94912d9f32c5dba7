import { setTimeout as sleep } from 'node:timers/promises';
import { networkError } from './platform-error.js';

/** How long the HTTP adapters wait; tests shorten these. */
export interface AdapterTiming {
  /** One API call, until its whole answer. */
  requestTimeoutMs: number;
  /** One upload request (an image, one chunk of a video). */
  uploadTimeoutMs: number;
  /** Between status checks of media or a post the platform is processing. */
  pollIntervalMs: number;
  /** How long one attempt waits on processing before it leaves the rest to the next attempt. */
  pollTimeoutMs: number;
}

export const DEFAULT_TIMING: AdapterTiming = { requestTimeoutMs: 30_000, uploadTimeoutMs: 300_000, pollIntervalMs: 5_000, pollTimeoutMs: 300_000 };

/** `base` (a configured API origin, with or without a path or trailing slash) joined with `path`. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * fetch bounded by the worker's signal and a timeout. A failure before an answer is
 * transient; the error never carries the URL (Telegram's holds the bot token).
 */
export async function fetchPlatform(platform: string, url: string, init: RequestInit, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
  } catch (error) {
    throw networkError(platform, error);
  }
}

/**
 * The answer's body as JSON, or {} when it is not JSON (an HTML error page); a body cut off is transient.
 * `prepare` may rewrite the text first (to quote 64-bit ids a JavaScript number would round).
 */
export async function readJson(platform: string, res: Response, prepare: (text: string) => string = (text) => text): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    throw networkError(platform, error);
  }
  try {
    const parsed: unknown = JSON.parse(prepare(text));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Waits between polls; an aborted worker stops waiting (transient: the next attempt resumes). */
export async function pause(platform: string, ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw networkError(platform, error);
  }
}
