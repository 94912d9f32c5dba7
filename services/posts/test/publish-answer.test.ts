import { describe, expect, it } from 'vitest';
import { normalisePlatforms, platformList, PostMessages, type PlatformOutcome } from '@planner/contracts';
import { mediaKeyOf } from '../src/domain/media-keys.js';
import { publishAnswer } from '../src/domain/publish-answer.js';

const at = '2026-11-24T10:00:00.000Z';
const published = (link: string): PlatformOutcome => ({ status: 'published', link, reason: null, at });
const failed = (reason: string): PlatformOutcome => ({ status: 'failed', link: null, reason, at });

describe('what publish-now answers', () => {
  it('published everywhere: the spec’s message naming the platforms, the links in their order', () => {
    expect(publishAnswer({ linkedin: published('https://l/1'), x: published('https://x/1') }, ['x', 'linkedin'])).toEqual({
      published: true,
      message: PostMessages.publishedTo('X, LinkedIn'),
      postedLinks: ['https://x/1', 'https://l/1'],
    });
  });

  it('failures named with their reasons, the links that did go out kept; other platforms’ old outcomes ignored', () => {
    const answer = publishAnswer(
      { x: published('https://x/1'), instagram: failed('Too small'), tiktok: failed('Spam'), threads: failed('old') },
      ['x', 'instagram', 'tiktok'],
    );
    expect(answer).toEqual({ published: false, message: 'Failed to publish: Instagram: Too small; TikTok: Spam', postedLinks: ['https://x/1'] });
  });
});

describe('the form’s platforms', () => {
  it('names in any case, once each; the first unknown name refused', () => {
    expect(normalisePlatforms(platformList(' X, linkedin ,Instagram,x,'))).toEqual({ ids: ['x', 'linkedin', 'instagram'], names: ['X', 'LinkedIn', 'Instagram'], unknown: null });
    expect(normalisePlatforms(platformList('X,Myspace,Orkut'))).toMatchObject({ unknown: 'Myspace' });
    expect(normalisePlatforms(platformList(''))).toEqual({ ids: [], names: [], unknown: null });
  });
});

describe('media references', () => {
  const key = '0b8e2a8e-1c1d-4f7e-9a0b-0c2d3e4f5a6b/6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d.png';
  it('a key, or a media URL relative, absolute or signed', () => {
    for (const reference of [key, `/api/media/${key}`, `https://app.example/api/media/${key}?expires=1&signature=ab`, `media/${key}`]) {
      expect(mediaKeyOf(reference)).toBe(key);
    }
  });
  it('nothing else', () => {
    for (const reference of ['', 'https://evil.example/x.png', `/api/media/../${key}`, 'not a url', `/api/media/${key}/extra`]) expect(mediaKeyOf(reference)).toBeNull();
  });
});
