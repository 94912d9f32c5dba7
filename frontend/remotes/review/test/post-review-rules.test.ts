import { describe, expect, it } from 'vitest';
import { POST_STATUSES, type PlatformOutcome } from '@planner/contracts';
import { actionsFor, platformLines, retryChoices } from '../src/post-review.js';

describe('what a card offers (docs/decisions/post-review.md’s transitions table)', () => {
  it('sends back to review (POST /posts/{id}/clear) an approved post only', () => {
    const sendBack = POST_STATUSES.filter((status) => actionsFor(status).includes('sendBack'));
    expect(sendBack).toEqual(['approved']);
  });
});

describe('what a failed card offers to retry', () => {
  const outcome = (status: PlatformOutcome['status']): PlatformOutcome => ({ status, link: null, reason: null, at: '2026-12-24T18:00:01.000Z' });
  const choices = (platforms: string, publications: Record<string, PlatformOutcome>) => retryChoices(platformLines({ platforms, publications }));

  it('a Retry on each failed or in-doubt platform, Retry all when more than one platform is not out', () => {
    expect(choices('X,LinkedIn,Telegram', { x: outcome('failed'), linkedin: outcome('in_doubt'), telegram: outcome('published') })).toEqual({ platforms: ['x', 'linkedin'], all: true });
    expect(choices('X,Threads', { x: outcome('failed'), threads: outcome('queued') })).toEqual({ platforms: ['x'], all: true });
  });

  it('no Retry all beside the one platform not out; only Retry all when no platform has an outcome to retry', () => {
    expect(choices('X,LinkedIn', { x: outcome('published'), linkedin: outcome('failed') })).toEqual({ platforms: ['linkedin'], all: false });
    expect(choices('Threads', {})).toEqual({ platforms: [], all: true });
  });
});
