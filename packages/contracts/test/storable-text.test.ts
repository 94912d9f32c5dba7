import { describe, expect, it } from 'vitest';
import { findUnstorableText, SharedMessages, unstorableTextProblem } from '../src/index.js';

const NUL = SharedMessages.nulCharacter;
const LONE = SharedMessages.loneSurrogate;

describe('unstorableTextProblem', () => {
  it('refuses U+0000 and a surrogate that is not half of a pair', () => {
    expect(unstorableTextProblem('a\u0000b')).toBe(NUL);
    expect(unstorableTextProblem('\u0000')).toBe(NUL);
    // A high surrogate alone, at the end, or followed by another high one; a low one alone or first.
    for (const text of ['x\ud800y', 'x\udbff', '\ud800\ud800', 'x\udc00y', '\udfff', '\udc00\ud800']) expect(unstorableTextProblem(text), JSON.stringify(text)).toBe(LONE);
  });

  it('takes any other text, pairs (emoji, CJK extension B) included', () => {
    for (const text of ['', 'plain', '😀 and 𠀀', '\ud83d\ude00', 'tab\tnew\nline', '\u0001\u001f\ufffd\uffff', 'é'.normalize('NFD')]) {
      expect(unstorableTextProblem(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe('findUnstorableText', () => {
  it('finds the text in strings, arrays and plain objects, keys too, and names its place', () => {
    expect(findUnstorableText('a\u0000')).toEqual({ field: '', message: NUL });
    expect(findUnstorableText({ name: 'ok', reason: 'x\ud800' })).toEqual({ field: 'reason', message: LONE });
    expect(findUnstorableText({ post: { tags: ['ok', 'n\u0000'] } })).toEqual({ field: 'post.tags.1', message: NUL });
    expect(findUnstorableText([{ a: 1 }, { b: [null, 'x\udc00'] }])).toEqual({ field: '1.b.1', message: LONE });
    expect(findUnstorableText({ 'k\u0000': 'v' })).toEqual({ field: 'k\u0000', message: NUL });
    // A query string as Fastify parses it: an object whose prototype has none.
    const query = Object.create(Object.create(null) as object) as Record<string, string>;
    query.q = '\u0000';
    expect(findUnstorableText(query)).toEqual({ field: 'q', message: NUL });
    expect(findUnstorableText(Object.assign(Object.create(null) as object, { q: '\u0000' }))).toEqual({ field: 'q', message: NUL });
  });

  it('passes storable requests and values that hold no text', () => {
    for (const value of [undefined, null, 42, true, {}, [], { a: ['b', { c: 'd😀' }], n: 1 }, Buffer.from([0, 0xd8]), new Date(0)]) {
      expect(findUnstorableText(value)).toBeUndefined();
    }
  });

  it('walks each object once: a cycle ends', () => {
    const cyclic: Record<string, unknown> = { name: 'ok' };
    cyclic.self = cyclic;
    expect(findUnstorableText(cyclic)).toBeUndefined();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(findUnstorableText(deep)?.message).toBe(NUL);
  });
});
