import { describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { commonMediaTypes, defaultMediaType, fileProblem, mediaParams, mimeOfName, storedEntry, uploadEntry } from '../src/post-form/media.js';
import { MEDIA_TYPES_ANSWER } from './support.js';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('the post form’s media (part 2 §3, §5)', () => {
  it('reads a type from the extension when the browser gives none', () => {
    expect(mimeOfName('Loaf.JPG')).toBe('image/jpeg');
    expect(mimeOfName('clip.mov')).toBe('video/quicktime');
    expect(mimeOfName('clip.ogg')).toBe('video/ogg');
    expect(mimeOfName('notes.txt')).toBe('');
    expect(uploadEntry(file('clip.mp4', '')).mime).toBe('video/mp4');
  });

  it('refuses a file the media type does not take, one over its size, and a second short', () => {
    expect(fileProblem(uploadEntry(file('a.png', 'image/png')), 'image', [])).toBeNull();
    expect(fileProblem(uploadEntry(file('a.mp4', 'video/mp4')), 'image', [])).toBe(PostMessages.invalidMediaType);
    expect(fileProblem(uploadEntry(file('a.webm', 'video/webm')), 'short', [])).toBe(PostMessages.invalidMediaType);
    expect(fileProblem(uploadEntry(file('a.webp', 'image/webp')), 'story', [])).toBe(PostMessages.invalidMediaType);
    expect(fileProblem(uploadEntry(file('big.png', 'image/png', 10 * MB + 1)), 'image', [])).toBe(PostMessages.fileTooLarge('Image', '10 MB'));
    expect(fileProblem(uploadEntry(file('big.jpg', 'image/jpeg', 8 * MB + 1)), 'story', [])).toBe(PostMessages.fileTooLarge('Story image', '8 MB'));
    const first = uploadEntry(file('a.mp4', 'video/mp4'));
    expect(fileProblem(uploadEntry(file('b.mp4', 'video/mp4')), 'short', [first])).toBe(PostMessages.shortSingleFile);
    expect(fileProblem(uploadEntry(file('b.mp4', 'video/mp4')), 'carousel', [first])).toBeNull();
  });

  it('offers the media types every chosen platform takes; text first when it can, else the first common one', () => {
    const types = MEDIA_TYPES_ANSWER.platforms;
    expect(commonMediaTypes(['X', 'LinkedIn'], types)).toEqual(['text', 'image', 'video', 'carousel']);
    expect(commonMediaTypes(['X', 'Instagram'], types)).toEqual(['image', 'video', 'carousel']);
    expect(commonMediaTypes(['YouTube', 'X'], types)).toEqual(['video']);
    expect(defaultMediaType(commonMediaTypes(['X'], types))).toBe('text');
    expect(defaultMediaType(commonMediaTypes(['Instagram'], types))).toBe('image');
  });

  it('names stored media by its /api/media URL, as GET /media/:organizationId/:file takes it', () => {
    const entry = storedEntry('0b8e2a8e-1c1d-4f7e-9a0b-0c2d3e4f5a6b/6a1b2c3d.jpg', 'generated');
    expect(entry.url).toBe('/api/media/0b8e2a8e-1c1d-4f7e-9a0b-0c2d3e4f5a6b/6a1b2c3d.jpg');
    expect(entry).toMatchObject({ mime: 'image/jpeg', kind: 'image', source: 'generated' });
    expect(mediaParams(entry.url!)).toEqual({ organizationId: '0b8e2a8e-1c1d-4f7e-9a0b-0c2d3e4f5a6b', file: '6a1b2c3d.jpg' });
    expect(mediaParams('https://elsewhere.example/a.jpg')).toBeNull();
  });
});
