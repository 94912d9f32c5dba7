import { describe, expect, it } from 'vitest';
import { POST_STATUSES, PostMessages, type PlatformOutcome, type PostStatus } from '@planner/contracts';
import { failedPlatforms, isSettled, statusAfterOutcome, transition, withOutcome, withQueued, type PostAction } from '../src/domain/transitions.js';

const at = new Date('2026-11-24T10:00:00Z');

describe('the transitions table (part 2 §4)', () => {
  const table: Record<PostStatus, Record<PostAction, PostStatus | null>> = {
    pending_review: { approve: 'approved', reject: 'rejected', edit: 'pending_review', clear: 'pending_review', retry: null, delete: 'pending_review' },
    approved: { approve: 'approved', reject: 'rejected', edit: 'approved', clear: 'pending_review', retry: null, delete: 'approved' },
    failed: { approve: null, reject: 'rejected', edit: 'failed', clear: null, retry: 'approved', delete: 'failed' },
    rejected: { approve: null, reject: null, edit: null, clear: null, retry: null, delete: 'rejected' },
    published: { approve: null, reject: null, edit: null, clear: null, retry: null, delete: 'published' },
  };

  for (const status of POST_STATUSES) {
    for (const [action, next] of Object.entries(table[status]) as Array<[PostAction, PostStatus | null]>) {
      it(`${status} + ${action} → ${next ?? 'refused'}`, () => {
        const result = transition(status, action);
        if (next === null) expect(result.allowed).toBe(false);
        else expect(result).toEqual({ allowed: true, next });
      });
    }
  }

  it('published and rejected posts allow delete only, in words that say so', () => {
    expect(transition('published', 'edit')).toEqual({ allowed: false, message: PostMessages.onlyDelete('published') });
    expect(PostMessages.onlyDelete('published')).toBe('This post is published and can only be deleted.');
    expect(transition('failed', 'clear')).toEqual({ allowed: false, message: 'A failed post cannot be sent back to review.' });
  });
});

describe('publication outcomes', () => {
  const queued = withQueued({}, ['x', 'linkedin'], at);

  it('a post is published once every platform is, failed as soon as one fails for good', () => {
    const one = withOutcome(queued, { platform: 'x', status: 'published', link: 'https://x.com/a/status/1' }, at);
    expect(statusAfterOutcome('approved', one)).toBe('approved');
    expect(isSettled(one, ['x', 'linkedin'])).toBe(false);
    const both = withOutcome(one, { platform: 'linkedin', status: 'published', link: 'https://linkedin.com/feed/update/2' }, at);
    expect(statusAfterOutcome('approved', both)).toBe('published');
    expect(isSettled(both, ['x', 'linkedin'])).toBe(true);

    const failed = withOutcome(one, { platform: 'linkedin', status: 'failed', reason: 'Token expired' }, at);
    expect(statusAfterOutcome('approved', failed)).toBe('failed');
    expect(failedPlatforms(failed)).toEqual(['linkedin']);
    expect((failed.linkedin as PlatformOutcome).reason).toBe('Token expired');
  });

  it("a platform that published otherwise than asked keeps its notice as the outcome's reason", () => {
    const notice = 'YouTube kept the video private: its API project is not audited.';
    const outcomes = withOutcome(queued, { platform: 'youtube', status: 'published', link: 'https://youtu.be/v1', notice }, at);
    expect(outcomes.youtube).toMatchObject({ status: 'published', link: 'https://youtu.be/v1', reason: notice });
    expect(withOutcome(queued, { platform: 'x', status: 'published', link: null }, at).x!.reason).toBeNull();
  });

  it('a retry queues only the failed platforms, the published one keeps its link', () => {
    const mixed = withOutcome(withOutcome(queued, { platform: 'x', status: 'published', link: 'L' }, at), { platform: 'linkedin', status: 'failed', reason: 'R' }, at);
    const retried = withQueued(mixed, failedPlatforms(mixed), at);
    expect(retried.x).toMatchObject({ status: 'published', link: 'L' });
    expect(retried.linkedin).toMatchObject({ status: 'queued', reason: null });
    expect(statusAfterOutcome('approved', retried)).toBe('approved');
  });

  it('a post sent back to review or rejected keeps its review status when an outcome arrives', () => {
    const published = withOutcome(queued, { platform: 'x', status: 'failed', reason: 'R' }, at);
    expect(statusAfterOutcome('pending_review', published)).toBe('pending_review');
    expect(statusAfterOutcome('rejected', published)).toBe('rejected');
  });
});
