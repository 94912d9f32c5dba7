import { setTimeout as sleep } from 'node:timers/promises';
import { withDeadline } from '@planner/service-kit';
import { networkError, PlatformError } from './platform-error.js';

/** How long an adapter waits: each platform has its defaults, tests shorten them. */
export interface AdapterTiming {
  /** One API call, until its whole answer. */
  requestTimeoutMs: number;
  /** One upload request (an image, one chunk of a video, a whole video in one PUT). */
  uploadTimeoutMs: number;
  /** The waits between status reads of media or a post the platform is processing; the last one repeats. */
  pollDelaysMs: readonly number[];
  /** How long one attempt waits on processing before it leaves the rest to the next attempt. */
  pollTimeoutMs: number;
}

export const DEFAULT_TIMING: AdapterTiming = { requestTimeoutMs: 30_000, uploadTimeoutMs: 300_000, pollDelaysMs: [5_000], pollTimeoutMs: 300_000 };

/** A failure on the way to or from a platform as the worker reads it: ours pass as they are, the network's are transient. */
export function transportError(platform: string, error: unknown): PlatformError {
  return error instanceof PlatformError ? error : networkError(platform, error);
}

/** `base` (a configured API origin, with or without a path or trailing slash) joined with `path`. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * fetch bounded by the worker's signal and a timeout. A failure before an answer is
 * transient; the error never carries the URL (Telegram's holds the bot token).
 */
export async function fetchPlatform(platform: string, url: string | URL, init: RequestInit, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: withDeadline(signal, timeoutMs) });
  } catch (error) {
    // A request body streamed from a media link fails with the link's own error.
    throw transportError(platform, error);
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

/** A state the platform is processing something into, read until it settles. */
export interface Poll<T> {
  read(): Promise<T>;
  /** Done, or failed: nothing more to wait for. */
  settled(state: T): boolean;
  /** The wait the platform asks for after this state (X's check_after_secs), instead of the timing's delays. */
  waitMs?(state: T): number | undefined;
  /** The error when processing outlasts the attempt's budget: transient, so the next attempt carries on from its handles. */
  outlasted(): PlatformError;
}

/**
 * Reads `poll` until it settles, waiting the poll delays between reads, never
 * past the attempt's budget. `first` is a state the platform already gave
 * (the answer that started the processing), read again only after a wait. An
 * aborted worker stops waiting (transient: the next attempt resumes).
 */
export async function pollUntil<T>(platform: string, poll: Poll<T>, timing: Pick<AdapterTiming, 'pollDelaysMs' | 'pollTimeoutMs'>, signal: AbortSignal, first?: { state: T }): Promise<T> {
  const deadline = Date.now() + timing.pollTimeoutMs;
  let state = first ? first.state : await poll.read();
  for (let attempt = 0; !poll.settled(state); attempt++) {
    const wait = poll.waitMs?.(state) ?? timing.pollDelaysMs[Math.min(attempt, timing.pollDelaysMs.length - 1)] ?? 1000;
    if (Date.now() + wait > deadline) throw poll.outlasted();
    try {
      await sleep(wait, undefined, { signal });
    } catch (error) {
      throw networkError(platform, error);
    }
    state = await poll.read();
  }
  return state;
}
