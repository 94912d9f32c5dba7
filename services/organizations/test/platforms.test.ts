import { describe, expect, it } from 'vitest';
import { maskCredentials, parseMediaTypes } from '../src/domain/platforms.js';

describe('platform media types', () => {
  it('reads the comma-separated form or a list, trimmed, lower-cased, once each', () => {
    expect(parseMediaTypes(' Text, image ,text,,VIDEO')).toEqual(['text', 'image', 'video']);
    expect(parseMediaTypes(['story', 'short'])).toEqual(['story', 'short']);
    expect(parseMediaTypes('')).toEqual([]);
  });

  it('refuses a type the product does not know', () => {
    expect(parseMediaTypes('text,reel')).toBeNull();
    expect(parseMediaTypes(['gif'])).toBeNull();
  });
});

describe('platform credentials', () => {
  it('shows which are set, never their values', () => {
    expect(maskCredentials({ client_secret: 's3cret', api_key: 42 })).toEqual({ client_secret: '********', api_key: '********' });
    expect(maskCredentials(null)).toBeNull();
  });
});
