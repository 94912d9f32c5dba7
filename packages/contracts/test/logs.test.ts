import { describe, expect, it } from 'vitest';
import { formatBytes, logSearchPattern } from '../src/index.js';

describe('log files', () => {
  it('formats sizes in B, KB and MB (1 KB = 1024 B, one decimal)', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(52_428_800 + 104_858)).toBe('50.1 MB');
    expect(formatBytes(-1)).toBe('0 B');
  });

  it('stops at MB, the largest unit part 1 §2 names', () => {
    expect(formatBytes(3 * 1024 ** 3)).toBe('3072 MB');
    expect(formatBytes(1024 ** 4)).toBe('1048576 MB');
  });

  it('chooses the unit after rounding, so it never prints 1024 of a unit below MB', () => {
    expect(formatBytes(1023.4)).toBe('1023 B');
    expect(formatBytes(1023.6)).toBe('1 KB');
    expect(formatBytes(1024 * 1024 - 52)).toBe('1023.9 KB');
    expect(formatBytes(1024 * 1024 - 51)).toBe('1 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('searches case-insensitively, pattern characters matching themselves', () => {
    const pattern = logSearchPattern('GET /api/logs?x=[1]');
    expect('> get /API/logs?x=[1] 200'.match(pattern)).toEqual(['get /API/logs?x=[1]']);
    expect(logSearchPattern('a+b').test('aab')).toBe(false);
    expect(logSearchPattern('a+b').test('A+B')).toBe(true);
    expect('Error error ERROR'.match(logSearchPattern('error'))).toHaveLength(3);
  });
});
