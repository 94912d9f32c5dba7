import { describe, expect, it } from 'vitest';
import { postRuleBroken, PostMessages, sizeLimit, type MediaFacts } from '../src/index.js';

const MB = 1024 * 1024;

describe('part 2 §5 post and media rules', () => {
  const image = (size = 1000, mime: MediaFacts['mime'] = 'image/png'): MediaFacts => ({ mime, kind: 'image', size, durationSeconds: null });
  const video = (seconds: number | null = 10, size = 1000, mime: MediaFacts['mime'] = 'video/mp4'): MediaFacts => ({ mime, kind: 'video', size, durationSeconds: seconds });
  const rule = (mediaType: Parameters<typeof postRuleBroken>[0]['mediaType'], media: MediaFacts[], content = '', platforms = ['x']) =>
    postRuleBroken({ platforms, mediaType, content, media });

  it('at least one platform; text needs content and takes no media; other types need media', () => {
    expect(rule('text', [], 'Hi', [])).toBe(PostMessages.selectPlatform);
    expect(rule('text', [], '  ')).toBe(PostMessages.addText);
    expect(rule('text', [], 'Hi')).toBeNull();
    expect(rule('text', [image()], 'Hi')).toBe(PostMessages.invalidMediaType);
    expect(rule('image', [])).toBe(PostMessages.addMedia('image'));
    expect(rule('carousel', [])).toBe(PostMessages.addMedia('carousel'));
  });

  it('type checks: image needs image/*, video video/*, short mp4 or quicktime, story jpeg, png, mp4 or quicktime', () => {
    expect(rule('image', [video()])).toBe(PostMessages.invalidMediaType);
    expect(rule('image', [image(1000, 'image/gif')])).toBeNull();
    expect(rule('video', [image()])).toBe(PostMessages.invalidMediaType);
    expect(rule('video', [video(null, 1000, 'video/webm')])).toBeNull();
    expect(rule('short', [video(null, 1000, 'video/webm')])).toBe(PostMessages.invalidMediaType);
    expect(rule('short', [video(20, 1000, 'video/quicktime')])).toBeNull();
    expect(rule('story', [image(1000, 'image/webp')])).toBe(PostMessages.invalidMediaType);
    expect(rule('story', [image(1000, 'image/jpeg')])).toBeNull();
  });

  it('a short is one file; a carousel at least two; a story has no text and its videos last 3–60 s', () => {
    expect(rule('short', [video(), video()])).toBe(PostMessages.shortSingleFile);
    expect(rule('carousel', [image()])).toBe(PostMessages.carouselMinimum);
    expect(rule('carousel', [image(), video()])).toBeNull();
    expect(rule('story', [image()], 'Caption')).toBe(PostMessages.storiesWithoutText);
    expect(rule('story', [video(2.9)])).toBe(PostMessages.storyVideoDuration);
    expect(rule('story', [video(60.5)])).toBe(PostMessages.storyVideoDuration);
    expect(rule('story', [video(null)])).toBe(PostMessages.storyVideoDuration);
    expect(rule('story', [video(3)])).toBeNull();
    expect(rule('story', [video(60)])).toBeNull();
  });

  it('a story video whose length is not known yet (a file in the browser) is left to the posts service, which refuses an unreadable one', () => {
    const unknown: MediaFacts = { mime: 'video/mp4', kind: 'video', size: 1000 };
    expect(rule('story', [unknown])).toBeNull();
    expect(rule('story', [{ ...unknown, durationSeconds: null }])).toBe(PostMessages.storyVideoDuration);
  });

  it('sizes: image 10 MB, story image 8 MB, story video 100 MB, video 300 MB', () => {
    expect(rule('image', [image(10 * MB)])).toBeNull();
    expect(rule('image', [image(10 * MB + 1)])).toBe(PostMessages.fileTooLarge('Image', '10 MB'));
    expect(rule('story', [image(8 * MB + 1)])).toBe(PostMessages.fileTooLarge('Story image', '8 MB'));
    expect(rule('story', [video(10, 100 * MB + 1)])).toBe(PostMessages.fileTooLarge('Story video', '100 MB'));
    expect(rule('video', [video(10, 300 * MB)])).toBeNull();
    expect(rule('video', [video(10, 300 * MB + 1)])).toBe(PostMessages.fileTooLarge('Video', '300 MB'));
    expect(sizeLimit(null, 'video').bytes).toBe(300 * MB);
  });
});
