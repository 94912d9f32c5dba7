import { OrganizationMessages } from '@planner/contracts';
import type { ConnectionConfig } from './config.js';
import { joinUrl, ProviderError, withQuery } from './provider.js';

/** Part 2 §3: Telegram channel info. */
export interface TelegramChannel {
  id: string;
  title: string;
  username: string | null;
}

/** The identifier as the user may type it: @username (public) or a numeric id like -100… (private), trimmed. */
export function telegramChatId(identifier: string): string | null {
  const trimmed = identifier.trim();
  if (/^-?\d+$/.test(trimmed)) return trimmed;
  const name = trimmed.replace(/^(https?:\/\/)?t\.me\//, '').replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? `@${name}` : null;
}

/** Telegram has no OAuth: the service's bot must be an administrator of the channel with the Post Messages right. */
export function telegramBot(config: ConnectionConfig) {
  const token = config.TELEGRAM_BOT_TOKEN;
  async function call<T>(method: string, query: Record<string, string>): Promise<T> {
    // The bot token is in the URL: errors name the method, never the URL.
    let body: { ok?: boolean; result?: T; description?: string };
    try {
      const res = await fetch(withQuery(joinUrl(config.TELEGRAM_API_URL, `bot${token}/${method}`), query), { signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as typeof body;
    } catch (error) {
      throw new ProviderError('telegram', `${method} failed: ${(error as Error).name}`);
    }
    if (!body.ok || body.result === undefined) throw new ProviderError('telegram', body.description ?? `${method} failed`);
    return body.result;
  }

  return {
    configured: Boolean(token),
    token: token ?? null,
    /** The channel, if the bot may post there; otherwise the spec's verification failure. */
    async verifyChannel(identifier: string): Promise<TelegramChannel> {
      const chatId = telegramChatId(identifier);
      if (!chatId) throw new ProviderError('telegram', OrganizationMessages.telegramVerificationFailed);
      try {
        const chat = await call<{ id: number; type: string; title?: string; username?: string }>('getChat', { chat_id: chatId });
        if (chat.type !== 'channel') throw new ProviderError('telegram', OrganizationMessages.telegramVerificationFailed);
        const me = await call<{ id: number }>('getMe', {});
        const member = await call<{ status: string; can_post_messages?: boolean }>('getChatMember', { chat_id: String(chat.id), user_id: String(me.id) });
        const mayPost = member.status === 'creator' || (member.status === 'administrator' && member.can_post_messages === true);
        if (!mayPost) throw new ProviderError('telegram', OrganizationMessages.telegramVerificationFailed);
        return { id: String(chat.id), title: chat.title ?? '', username: chat.username ?? null };
      } catch (error) {
        // Whatever Telegram said (chat not found, bot not a member), the user sees the spec's one message.
        if (error instanceof ProviderError && error.message === OrganizationMessages.telegramVerificationFailed) throw error;
        throw new ProviderError('telegram', OrganizationMessages.telegramVerificationFailed);
      }
    },
  };
}
export type TelegramBot = ReturnType<typeof telegramBot>;
