import http from 'node:http';
import { loopbackUrl } from '@planner/service-kit/testing';

interface Chat {
  id: number;
  type: 'channel' | 'group' | 'supergroup';
  title: string;
  username?: string;
  /** The bot's membership there, as getChatMember answers it. */
  bot: { status: 'administrator' | 'member' | 'left'; can_post_messages?: boolean };
}

/**
 * The Bot API methods the service calls (getMe, getChat, getChatMember) with Telegram's envelope
 * ({ ok, result } / { ok: false, error_code, description }) and its errors for a wrong token or unknown chat.
 */
export async function startTelegramStandIn(botToken: string, chats: Chat[]): Promise<{ url: string; close: () => Promise<void> }> {
  const bot = { id: 7000000001, is_bot: true, first_name: 'Planner', username: 'planner_test_bot' };
  const find = (chatId: string | null) => chats.find((c) => String(c.id) === chatId || (c.username && `@${c.username}` === chatId));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, tokenPart, method] = url.pathname.split('/');
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (tokenPart !== `bot${botToken}`) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const chat = find(url.searchParams.get('chat_id'));
    switch (method) {
      case 'getMe':
        return send(200, { ok: true, result: bot });
      case 'getChat':
        if (!chat) return send(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return send(200, { ok: true, result: { id: chat.id, type: chat.type, title: chat.title, ...(chat.username && { username: chat.username }) } });
      case 'getChatMember':
        if (!chat) return send(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        if (url.searchParams.get('user_id') !== String(bot.id)) return send(400, { ok: false, error_code: 400, description: 'Bad Request: user not found' });
        return send(200, { ok: true, result: { user: bot, ...chat.bot } });
      default:
        return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: loopbackUrl(server),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
