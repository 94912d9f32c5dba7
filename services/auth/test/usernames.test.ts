import { describe, expect, it } from 'vitest';
import { usernameSchema } from '@planner/contracts';
import { firstFreeUsername, usernameFromEmail } from '../src/domain/usernames.js';

describe('usernames made from e-mails', () => {
  it('keeps only the characters a username may have', () => {
    expect(usernameFromEmail('ann-marie+news@example.com')).toBe('annmarienews');
    expect(usernameFromEmail('j.doe_1@example.com')).toBe('j.doe_1');
    expect(usernameFromEmail('+++@example.com')).toBe('user');
  });

  it('is always a valid username, even from a long local part', () => {
    const name = usernameFromEmail(`${'x'.repeat(64)}@example.com`);
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it('adds the smallest free numeric suffix, case-insensitively, within 30 characters', () => {
    expect(firstFreeUsername('admin', new Set())).toBe('admin');
    expect(firstFreeUsername('admin', new Set(['Admin', 'admin2']))).toBe('admin3');
    const long = 'y'.repeat(30);
    expect(firstFreeUsername(long, new Set([long]))).toBe(`${'y'.repeat(29)}2`);
  });
});
