import { describe, expect, it } from 'vitest';
import { claimOf, isWithdrawable, onPublishRequested, publishJobId, releaseTime, retryDelayMs, verdictAfterFailure } from '../src/domain/publishing.js';

const now = new Date('2026-11-24T12:00:00Z');
/** How long before its time a job runs (PUBLISH_AHEAD_MS). */
const AHEAD_MS = 750;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const publication = (fields: Partial<Parameters<typeof claimOf>[0]> = {}) =>
  ({ state: 'queued', cycle: 2, nextAttemptAt: now, leaseUntil: null, handle: {}, ...fields }) as Parameters<typeof claimOf>[0];

describe('publish job ids', () => {
  it('are the post, version, platform and cycle', () => {
    expect(publishJobId({ postId: 'p', version: 3, platform: 'x', cycle: 1 })).toBe('p.3.x.1');
  });
});

describe('release ticks', () => {
  it('send a publication at the end of its tick: those due within one tick go out together, none early, none a tick late', () => {
    expect(releaseTime(at(0), 200)).toBe(at(0).getTime());
    expect(releaseTime(at(1), 200)).toBe(at(200).getTime());
    expect(releaseTime(at(199), 200)).toBe(at(200).getTime());
    expect(releaseTime(at(200), 200)).toBe(at(200).getTime());
    expect(releaseTime(at(201), 200)).toBe(at(400).getTime());
    expect(releaseTime(at(37), 1)).toBe(at(37).getTime());
  });
});

describe('retry delays', () => {
  it('grow fourfold from 15 s, jittered in their upper half, capped at an hour', () => {
    expect(retryDelayMs(1, 0)).toBe(7_500);
    expect(retryDelayMs(1, 1)).toBe(15_000);
    expect(retryDelayMs(2, 1)).toBe(60_000);
    expect(retryDelayMs(3, 0.5)).toBe(180_000);
    expect(retryDelayMs(10, 1)).toBe(3_600_000);
  });

  it('never come sooner than the platform asked', () => {
    expect(retryDelayMs(1, 0, 120_000)).toBe(120_000);
  });
});

describe('a request to publish again', () => {
  const status = (state: string, handle: Record<string, unknown> = {}) => ({ state, handle, dueAt: now }) as Parameters<typeof onPublishRequested>[0];
  const creating = { creating: now.toISOString() };

  it('queues again what was withdrawn, failed or in doubt; moves what waits; leaves what may be out', () => {
    expect(['withdrawn', 'failed', 'in_doubt'].map((state) => onPublishRequested(status(state), at(60_000)))).toEqual(['queue_again', 'queue_again', 'queue_again']);
    expect(onPublishRequested(status('queued'), at(60_000))).toBe('reschedule');
    expect(onPublishRequested(status('queued'), null)).toBe('reschedule');
    expect(onPublishRequested(status('publishing', creating), at(60_000))).toBe('keep');
    expect(onPublishRequested(status('published'), at(60_000))).toBe('keep');
  });

  it('moves one being prepared only to a new time: a copy of the request, or now, leaves it be', () => {
    expect(onPublishRequested(status('publishing'), at(60_000))).toBe('reschedule');
    expect(onPublishRequested(status('publishing'), now)).toBe('keep');
    expect(onPublishRequested(status('publishing'), null)).toBe('keep');
  });

  it('withdraws what has not begun its create call, never what may be out', () => {
    expect(['queued', 'failed', 'in_doubt', 'publishing'].map((state) => isWithdrawable(status(state)))).toEqual([true, true, true, true]);
    expect(isWithdrawable(status('publishing', creating))).toBe(false);
    expect(isWithdrawable(status('published'))).toBe(false);
    expect(isWithdrawable(status('withdrawn'))).toBe(false);
  });
});

describe('claims', () => {
  it('take a queued publication of this cycle at its time', () => {
    expect(claimOf(publication(), 2, now, AHEAD_MS)).toEqual({ kind: 'take', interrupted: false });
  });

  it('find nothing to do for a job of another cycle, or one done, failed, in doubt or withdrawn', () => {
    expect(claimOf(publication(), 1, now, AHEAD_MS)).toEqual({ kind: 'stale' });
    for (const state of ['published', 'failed', 'in_doubt', 'withdrawn'] as const) expect(claimOf(publication({ state }), 2, now, AHEAD_MS)).toEqual({ kind: 'stale' });
  });

  it('take one due within the preparation time (and a second of slack), and put off a job earlier than that until then', () => {
    expect(claimOf(publication({ nextAttemptAt: at(30_000) }), 2, now, AHEAD_MS)).toEqual({ kind: 'busy', until: at(30_000 - AHEAD_MS) });
    expect(claimOf(publication({ nextAttemptAt: at(AHEAD_MS + 500) }), 2, now, AHEAD_MS).kind).toBe('take');
    expect(claimOf(publication({ nextAttemptAt: at(AHEAD_MS + 1500) }), 2, now, AHEAD_MS).kind).toBe('busy');
  });

  it('wait while another worker holds it, and take over once its lease ran out, checking first if it had begun the create', () => {
    expect(claimOf(publication({ state: 'publishing', leaseUntil: at(5_000) }), 2, now, AHEAD_MS)).toEqual({ kind: 'busy', until: at(5_000) });
    expect(claimOf(publication({ state: 'publishing', leaseUntil: at(-1) }), 2, now, AHEAD_MS)).toEqual({ kind: 'take', interrupted: false });
    expect(claimOf(publication({ state: 'publishing', leaseUntil: at(-1), handle: { creating: now.toISOString() } }), 2, now, AHEAD_MS)).toEqual({ kind: 'take', interrupted: true });
  });

  it('check first when a queued one was left with its create begun (a failure without a clear answer)', () => {
    expect(claimOf(publication({ handle: { creating: now.toISOString() } }), 2, now, AHEAD_MS)).toEqual({ kind: 'take', interrupted: true });
  });
});

describe('what follows a failed attempt', () => {
  const MAX = 5;

  it('before any create call reached the platform: a refusal fails, a transient error is retried until the attempts are spent', () => {
    expect(verdictAfterFailure('auth', 1, MAX, false)).toBe('fail');
    expect(verdictAfterFailure('permanent', 1, MAX, false)).toBe('fail');
    expect(verdictAfterFailure('transient', 1, MAX, false)).toBe('retry');
    expect(verdictAfterFailure('transient', MAX, MAX, false)).toBe('fail');
    expect(verdictAfterFailure('rate_limited', MAX, MAX, false)).toBe('wait');
  });

  it('once a create call may have reached the platform, no error fails it: checked again later, then in doubt', () => {
    for (const kind of ['auth', 'permanent', 'transient'] as const) {
      expect(verdictAfterFailure(kind, 1, MAX, true)).toBe('retry');
      expect(verdictAfterFailure(kind, MAX - 1, MAX, true)).toBe('retry');
      expect(verdictAfterFailure(kind, MAX, MAX, true)).toBe('in_doubt');
    }
    expect(verdictAfterFailure('rate_limited', 1, MAX, true)).toBe('wait');
  });
});
