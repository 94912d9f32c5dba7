import type { ConnectionPlatform, GenerateRequest, GenerateResponse } from '@planner/contracts';

/**
 * One post of the form: a text for its platforms. A generation makes one
 * per platform (each asked for on its own, so each shows as it comes); a
 * post being edited, or written by hand, is one.
 */
export interface PostDraft {
  key: string;
  platforms: ConnectionPlatform[];
  text: string;
  status: 'writing' | 'ready' | 'failed';
  /** Why its generation failed. */
  error: string | null;
  /** POST /posts/generate's draft_id: the post keeps that request as its original request. */
  draftId: string | null;
  /** What it was generated from: Regenerate asks again with it (null: written by hand). */
  request: GenerateRequest | null;
  /** When its generation was asked for (ms), for the progress shown while it is written. */
  startedAt: number;
  /** Its text was last written or reworked by the sandbox generator, not a model (the answer's `sandbox`). */
  sandbox: boolean;
}

let nextKey = 0;

export function writingDraft(platform: ConnectionPlatform, request: GenerateRequest, now: number): PostDraft {
  return { key: `draft-${++nextKey}`, platforms: [platform], text: '', status: 'writing', error: null, draftId: null, request, startedAt: now, sandbox: false };
}

export function handWrittenDraft(platforms: ConnectionPlatform[], text = ''): PostDraft {
  return { key: `draft-${++nextKey}`, platforms, text, status: 'ready', error: null, draftId: null, request: null, startedAt: 0, sandbox: false };
}

/** Part 2 §7: the generation's answer is keyed by platform name, its first entry holding the post. */
export function generatedText(answer: GenerateResponse): string {
  return Object.values(answer.posts)[0]?.post ?? '';
}
