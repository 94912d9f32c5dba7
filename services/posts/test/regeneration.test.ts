import { describe, expect, it } from 'vitest';
import { originalRequestSchema, PostMessages, type MediaType } from '@planner/contracts';
import { regenerationPlan, sharedPostText } from '../src/domain/regeneration.js';

const request = originalRequestSchema.parse({ business_name: 'Fjord Bakery', platforms: ['Facebook'], platform: 'Facebook', media_type: 'text', tone: 'formal' });
const post = (mediaType: MediaType, mediaPaths: string[] = []) => ({ originalRequest: request, platforms: ['LinkedIn', 'X'], mediaType, mediaPaths });
const images = (mediaType: MediaType, mediaPaths: string[] = [], regenerateMedia = true) => {
  const plan = regenerationPlan(post(mediaType, mediaPaths), regenerateMedia);
  return 'problem' in plan ? plan.problem : plan.images;
};

describe('what a regeneration makes (part 2 §5, §7)', () => {
  it('needs the original request', () => {
    expect(regenerationPlan({ ...post('text'), originalRequest: null }, false)).toEqual({ problem: PostMessages.noOriginalRequest });
  });

  it('writes for the post’s platforms and media type as they are now, keeping the rest of the request', () => {
    const plan = regenerationPlan(post('image', ['a.png']), false);
    expect(plan).toMatchObject({ images: 0, request: { ...request, platforms: ['LinkedIn', 'X'], platform: 'LinkedIn', media_type: 'image' } });
  });

  it('draws images as generate_media does: one, a carousel as many as it had and at least 2; short and video are Coming Soon; text has none', () => {
    expect(images('image', ['a.png'])).toBe(1);
    expect(images('story', ['a.png'])).toBe(1);
    expect(images('carousel', ['a.png', 'b.png', 'c.mp4'])).toBe(3);
    expect(images('carousel', ['a.png'])).toBe(2);
    expect(images('text')).toBe(0);
    expect(images('short', ['a.mp4'])).toBe(PostMessages.comingSoon);
    expect(images('video', ['a.mp4'])).toBe(PostMessages.comingSoon);
    expect(images('short', ['a.mp4'], false)).toBe(0);
  });

  it('regenerates a story only with its media: a story keeps no text', () => {
    expect(images('story', ['a.png'], false)).toBe(PostMessages.storyTextNotRegenerated);
  });
});

describe('the text a post shares among its platforms', () => {
  const posts = { LinkedIn: { post: 'long LinkedIn text' }, X: { post: 'short X text' }, Facebook: { post: 'Facebook text' } };

  it('is the one written for the platform with the lowest limit, so it fits every platform', () => {
    expect(sharedPostText(posts, 'text')).toBe('short X text');
    expect(sharedPostText({ Facebook: posts.Facebook, LinkedIn: posts.LinkedIn }, 'text')).toBe('long LinkedIn text');
  });

  it('takes the first of platforms with the same limit, and Telegram’s caption limit under media', () => {
    expect(sharedPostText({ Instagram: { post: 'first' }, TikTok: { post: 'second' } }, 'image')).toBe('first');
    expect(sharedPostText({ Instagram: { post: 'instagram' }, Telegram: { post: 'telegram' } }, 'text')).toBe('instagram');
    expect(sharedPostText({ Instagram: { post: 'instagram' }, Telegram: { post: 'telegram' } }, 'image')).toBe('telegram');
  });
});
