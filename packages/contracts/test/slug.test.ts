import { describe, expect, it } from 'vitest';
import { slugify } from '../src/content.js';

describe('slugs', () => {
  it('lowercases, strips punctuation and accents, and hyphenates spaces', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
    expect(slugify('  Café  crème — 2025 ')).toBe('cafe-creme-2025');
    expect(slugify('Already-a--slug')).toBe('already-a-slug');
    expect(slugify('!!!')).toBe('');
  });

  it('stops at 100 characters, the longest path parameter the router takes, without a trailing hyphen', () => {
    const long = slugify(`${'a'.repeat(99)} ${'b'.repeat(50)}`);
    expect(long).toBe('a'.repeat(99));
    expect(slugify('word '.repeat(60))).toHaveLength(99); // cut after "word-" ×20, the hyphen dropped
    expect(slugify('x'.repeat(300))).toHaveLength(100);
  });
});
