import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { maskCredentials, openCredentials, parseMediaTypes, sealCredentials } from '../src/domain/platforms.js';

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

  it('are stored sealed: no value in the stored form, the same object back with the key, nothing with another', () => {
    const key = randomBytes(32);
    const sealed = sealCredentials(key, { client_secret: 's3cret' });
    expect(sealed).not.toContain('s3cret');
    expect(openCredentials(key, sealed)).toEqual({ client_secret: 's3cret' });
    expect(() => openCredentials(randomBytes(32), sealed)).toThrow();
    expect(sealCredentials(key, null)).toBeNull();
  });
});
