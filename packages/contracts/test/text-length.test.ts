import { describe, expect, it } from 'vitest';
import * as browser from '../src/text-length.browser.js';
import { codePointLength, platformTextLength, xTextLength } from '../src/text-length.js';

const longLink = 'https://example.com/a/very/long/path/that/x/shortens/with/t.co?and=a&query=string';

describe('text length as each platform counts it', () => {
  it('counts X as twitter-text does: a link 23 whatever its length', () => {
    expect(longLink.length).toBeGreaterThan(23);
    expect(xTextLength(`Fresh bread ${longLink}`)).toBe(12 + 23);
    expect(xTextLength('two links: example.com and https://t.co/abc')).toBe(11 + 23 + 5 + 23);
    expect(xTextLength('a'.repeat(280))).toBe(280);
  });

  it('counts CJK characters 2 on X', () => {
    expect(xTextLength('日'.repeat(140))).toBe(280);
    expect(xTextLength('こんにちは、パン')).toBe(16);
    expect(xTextLength('한국어 OK')).toBe(6 + 1 + 2);
  });

  it('counts an emoji 2 on X, a joined sequence or a skin tone included; accented Latin 1', () => {
    expect(xTextLength('🎉')).toBe(2);
    expect(xTextLength('👩‍👩‍👧‍👦')).toBe(2);
    expect(xTextLength('👍🏽')).toBe(2);
    expect(xTextLength('café crème')).toBe(10);
    expect(xTextLength('cafe\u0301')).toBe(4);
  });

  it('counts code points for the other platforms, and X for X only', () => {
    expect(codePointLength('🎉🎉 日本')).toBe(5);
    expect(platformTextLength('linkedin', `Fresh bread ${longLink}`)).toBe(12 + longLink.length);
    expect(platformTextLength('threads', '日本')).toBe(2);
    expect(platformTextLength('x', '日本')).toBe(4);
  });
});

describe('the browser entry point (text-length.browser.ts)', () => {
  it('counts every platform as the services do, from twitter-text\'s ES module', () => {
    const samples = [`Fresh bread ${longLink}`, '日'.repeat(140), '👩‍👩‍👧‍👦 and 👍🏽', 'cafe\u0301', 'two links: example.com and https://t.co/abc', ''];
    for (const text of samples) {
      expect(browser.xTextLength(text)).toBe(xTextLength(text));
      for (const platform of ['x', 'linkedin', 'threads'] as const) expect(browser.platformTextLength(platform, text)).toBe(platformTextLength(platform, text));
      expect(browser.codePointLength(text)).toBe(codePointLength(text));
    }
  });
});
