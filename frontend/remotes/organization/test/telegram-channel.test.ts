import { describe, expect, it } from 'vitest';
import { OrganizationMessages } from '@planner/contracts';
import { TELEGRAM_CHANNEL_KINDS, telegramIdentifierError } from '../src/telegram-channel.js';

describe('Telegram channel identifier (part 2 §5)', () => {
  it('is required whatever the channel type, blanks trimmed', () => {
    expect(telegramIdentifierError('public', '   ')).toBe(OrganizationMessages.telegramIdentifierRequired);
    expect(telegramIdentifierError('private', '')).toBe(OrganizationMessages.telegramIdentifierRequired);
  });

  it('is an @username for a public channel: a letter first, then letters, digits or underscores, 4 to 32 long', () => {
    for (const good of ['@acme_news', ' @Acme2 ', '@abcd', `@a${'b'.repeat(31)}`]) expect(telegramIdentifierError('public', good)).toBeNull();
    for (const bad of ['acme_news', '@acme news', '@1acme', '@abc', `@a${'b'.repeat(32)}`, 'https://t.me/acme_news', '-1001234567890'])
      expect(telegramIdentifierError('public', bad)).toBe(TELEGRAM_CHANNEL_KINDS.public.wrongFormat);
  });

  it('is -100 and digits for a private channel', () => {
    for (const good of ['-1001234567890', ' -1009 ']) expect(telegramIdentifierError('private', good)).toBeNull();
    for (const bad of ['1001234567890', '-100', '-1234567890', '-100123abc', '@acme_news', `-100${'1'.repeat(14)}`])
      expect(telegramIdentifierError('private', bad)).toBe(TELEGRAM_CHANNEL_KINDS.private.wrongFormat);
  });
});
