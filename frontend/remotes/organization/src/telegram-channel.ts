import { OrganizationMessages } from '@planner/contracts';

/** Part 2 §4: a Telegram channel is connected as public (by its @username) or private (by its numeric id). */
export type TelegramChannelType = 'public' | 'private';

interface ChannelKind {
  label: string;
  /** The step that tells how to find the identifier, and the field's hint. */
  identifierStep: string;
  hint: string;
  /** Telegram's own rules: usernames are letters, digits and underscores, starting with a letter (4–32 with the @ left out); channel ids are -100 and digits. */
  format: RegExp;
  wrongFormat: string;
}

export const TELEGRAM_CHANNEL_KINDS: Record<TelegramChannelType, ChannelKind> = {
  public: {
    label: 'Public channel',
    identifierStep: 'Enter the channel’s public username, with its @, then verify and connect.',
    hint: 'Its @username, like @acme_news.',
    format: /^@[A-Za-z][A-Za-z0-9_]{3,31}$/,
    wrongFormat: 'A public channel’s identifier is its @username, like @acme_news.',
  },
  private: {
    label: 'Private channel',
    identifierStep: 'Enter the channel’s numeric id, then verify and connect.',
    hint: 'A numeric id starting with -100, like -1001234567890.',
    format: /^-100\d{1,13}$/,
    wrongFormat: 'A private channel’s identifier is its numeric id starting with -100, like -1001234567890.',
  },
};

export const ADD_BOT_STEP = 'Add the bot to the channel as an admin with the Post Messages permission.';

/** What is wrong with the identifier typed for this kind of channel, or null when it may be sent (trimmed). */
export function telegramIdentifierError(type: TelegramChannelType, identifier: string): string | null {
  const channel = identifier.trim();
  if (!channel) return OrganizationMessages.telegramIdentifierRequired;
  return TELEGRAM_CHANNEL_KINDS[type].format.test(channel) ? null : TELEGRAM_CHANNEL_KINDS[type].wrongFormat;
}
