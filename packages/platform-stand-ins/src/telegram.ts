import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

/** A channel the stand-in's bot knows; `botStatus` other than administrator refuses every send as Telegram does. */
export interface TelegramChannel {
  /** The numeric chat id, as a string: -100… for channels. */
  id: string;
  /** Public channels only. */
  username: string | null;
  title: string;
  botStatus: 'administrator' | 'kicked' | 'left';
}

export interface TelegramUpload {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A message the bot sent, as the channel shows it. */
export interface TelegramSentMessage {
  chatId: string;
  messageId: number;
  method: string;
  text?: string;
  caption?: string;
  mediaGroupId?: string;
  /** The photo or video of this message: bytes sent with the request, or a URL Telegram fetched. */
  media?: { type: 'photo' | 'video'; upload?: TelegramUpload; url?: string };
}

export interface TelegramStandIn extends StandInServer {
  botToken: string;
  channels: TelegramChannel[];
  messages: TelegramSentMessage[];
}

export const TELEGRAM_PUBLIC_CHANNEL: TelegramChannel = { id: '-1001000000001', username: 'planner_news', title: 'Planner News', botStatus: 'administrator' };
export const TELEGRAM_PRIVATE_CHANNEL: TelegramChannel = { id: '-1001000000002', username: null, title: 'Planner Team', botStatus: 'administrator' };

const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;
/** Multipart upload caps of the Bot API: photos 10 MB, other files 50 MB. */
const PHOTO_BYTES = 10 * 1024 * 1024;
const FILE_BYTES = 50 * 1024 * 1024;

/** Bots FAQ: "no more than 20 messages per minute to the same group"; channels are held to it too (platforms.md §7.5). */
const MESSAGES_PER_MINUTE = 20;

class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

function answer(res: ServerResponse, error: BotApiError): void {
  sendJson(res, error.code, { ok: false, error_code: error.code, description: error.description, ...(error.parameters ? { parameters: error.parameters } : {}) });
}

/** A multipart/form-data body's text fields and files; null when the body is not multipart. */
function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; files: Record<string, TelegramUpload> } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!contentType.startsWith('multipart/form-data') || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  const files: Record<string, TelegramUpload> = {};
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    const start = position + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return { fields, files };
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) return null;
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const data = part.subarray(headerEnd + 4);
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /;\s*filename="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return null;
    if (filename === undefined) fields[name] = data.toString('utf8');
    else files[name] = { field: name, filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream', bytes: data };
    position = next;
  }
  return null;
}

function isImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const webp = bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || png || webp;
}

/**
 * The Telegram Bot API (`/bot{token}/{method}`) for a channel bot: sendMessage,
 * sendPhoto, sendVideo and sendMediaGroup with params as query, form, JSON or
 * multipart, its `{ok:false,error_code,description,parameters}` errors and the
 * channel's posts, held to flood control (20 messages a minute per chat, an
 * album's messages each counted). Scenarios: rate_limited (429 with retry_after), expired_token
 * (401), refused (400, no rights to post), server_error (500), slow.
 */
export async function startTelegramStandIn(
  options: { botToken?: string; channels?: TelegramChannel[]; slowMs?: number; messagesPerMinute?: number } = {},
): Promise<TelegramStandIn> {
  const server = await startStandInServer();
  const { messagesPerMinute = MESSAGES_PER_MINUTE } = options;
  /** When each message went to each chat: flood control counts an album's messages one by one. */
  const sentAt = new Map<string, number[]>();
  const botToken = options.botToken ?? '7000000001:AAStandInTelegramBotToken';
  const channels = options.channels ?? [{ ...TELEGRAM_PUBLIC_CHANNEL }, { ...TELEGRAM_PRIVATE_CHANNEL }];
  const messages: TelegramSentMessage[] = [];
  let nextMessageId = 100;
  let nextGroupId = 13_000_000_000_000;

  function channelOf(chatId: string | undefined): TelegramChannel {
    if (!chatId) throw new BotApiError(400, 'Bad Request: chat_id is empty');
    const channel = channels.find((c) => c.id === chatId || (c.username !== null && `@${c.username}`.toLowerCase() === chatId.toLowerCase()));
    if (!channel) throw new BotApiError(400, 'Bad Request: chat not found');
    if (channel.botStatus === 'kicked') throw new BotApiError(403, 'Forbidden: bot was kicked from the channel chat');
    if (channel.botStatus === 'left') throw new BotApiError(403, 'Forbidden: bot is not a member of the channel chat');
    return channel;
  }

  function captionOf(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    const caption = String(value);
    if (caption.length > CAPTION_LIMIT) throw new BotApiError(400, 'Bad Request: message caption is too long');
    return caption;
  }

  /** A photo or video param: an attached file (by field, or `attach://name`), or an http(s) URL Telegram fetches. */
  function mediaOf(type: 'photo' | 'video', value: unknown, files: Record<string, TelegramUpload>, field: string): NonNullable<TelegramSentMessage['media']> {
    const attached = typeof value === 'string' && value.startsWith('attach://') ? files[value.slice('attach://'.length)] : value === undefined ? files[field] : undefined;
    if (attached) {
      if (attached.bytes.length > (type === 'photo' ? PHOTO_BYTES : FILE_BYTES)) throw new BotApiError(413, 'Request Entity Too Large');
      if (attached.bytes.length === 0) throw new BotApiError(400, 'Bad Request: file must be non-empty');
      if (type === 'photo' && !isImage(attached.bytes)) throw new BotApiError(400, 'Bad Request: IMAGE_PROCESS_FAILED');
      return { type, upload: attached };
    }
    if (typeof value === 'string' && /^https?:\/\//.test(value)) return { type, url: value };
    throw new BotApiError(400, `Bad Request: there is no ${type} in the request`);
  }

  function messageView(message: TelegramSentMessage, channel: TelegramChannel) {
    return {
      message_id: message.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(channel.id), title: channel.title, type: 'channel', ...(channel.username ? { username: channel.username } : {}) },
      sender_chat: { id: Number(channel.id), title: channel.title, type: 'channel' },
      ...(message.text !== undefined ? { text: message.text } : {}),
      ...(message.caption !== undefined ? { caption: message.caption } : {}),
      ...(message.mediaGroupId ? { media_group_id: message.mediaGroupId } : {}),
      ...(message.media?.type === 'photo' ? { photo: [{ file_id: `photo-${message.messageId}`, file_unique_id: `p${message.messageId}`, width: 1280, height: 720 }] } : {}),
      ...(message.media?.type === 'video' ? { video: { file_id: `video-${message.messageId}`, file_unique_id: `v${message.messageId}`, width: 1280, height: 720, duration: 5 } } : {}),
    };
  }

  /** Flood control: `count` more messages to the chat within a minute of the 20 before, refused with a 429 naming the wait. */
  function floodCheck(chatId: string, count: number): void {
    const now = Date.now();
    const recent = (sentAt.get(chatId) ?? []).filter((at) => at > now - 60_000);
    sentAt.set(chatId, recent);
    const over = recent.length + count - messagesPerMinute;
    if (over > 0) {
      const retryAfter = Math.max(1, Math.ceil((recent[over - 1]! + 60_000 - now) / 1000));
      throw new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
    }
  }

  function send(method: string, params: Record<string, unknown>, files: Record<string, TelegramUpload>): unknown {
    const channel = channelOf(params.chat_id === undefined ? undefined : String(params.chat_id));
    const record = (message: Omit<TelegramSentMessage, 'chatId' | 'messageId' | 'method'>) => {
      const sent = { chatId: channel.id, messageId: nextMessageId++, method, ...message };
      messages.push(sent);
      sentAt.get(channel.id)!.push(Date.now());
      return messageView(sent, channel);
    };
    switch (method) {
      case 'sendMessage': {
        const text = params.text === undefined ? '' : String(params.text);
        if (!text.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
        if (text.length > TEXT_LIMIT) throw new BotApiError(400, 'Bad Request: message is too long');
        floodCheck(channel.id, 1);
        return record({ text });
      }
      case 'sendPhoto':
      case 'sendVideo': {
        const type = method === 'sendPhoto' ? 'photo' : 'video';
        const caption = captionOf(params.caption);
        const media = mediaOf(type, params[type], files, type);
        floodCheck(channel.id, 1);
        return record({ caption, media });
      }
      case 'sendMediaGroup': {
        let media: unknown;
        try {
          media = typeof params.media === 'string' ? JSON.parse(params.media) : params.media;
        } catch {
          throw new BotApiError(400, "Bad Request: can't parse media JSON object");
        }
        if (!Array.isArray(media) || media.length === 0) throw new BotApiError(400, 'Bad Request: media must be non-empty');
        if (media.length < 2 || media.length > 10) throw new BotApiError(400, 'Bad Request: wrong number of messages in the media group: it must be 2-10');
        const items = media.map((item: Record<string, unknown>) => {
          if (item.type !== 'photo' && item.type !== 'video') throw new BotApiError(400, "Bad Request: can't parse InputMedia: unsupported type");
          return { caption: captionOf(item.caption), media: mediaOf(item.type, item.media, files, '') };
        });
        floodCheck(channel.id, items.length);
        const mediaGroupId = String(nextGroupId++);
        return items.map((item) => record({ ...item, mediaGroupId }));
      }
      default:
        throw new BotApiError(404, 'Not Found');
    }
  }

  async function handle(req: StandInRequest, res: ServerResponse): Promise<void> {
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(options.slowMs ?? 2_000);
    if (scenario === 'rate_limited') return answer(res, new BotApiError(429, 'Too Many Requests: retry after 7', { retry_after: 7 }));
    if (scenario === 'expired_token' || req.params.token !== botToken) return answer(res, new BotApiError(401, 'Unauthorized'));
    if (scenario === 'refused') return answer(res, new BotApiError(400, 'Bad Request: not enough rights to send text messages to the chat'));
    if (scenario === 'server_error') return answer(res, new BotApiError(500, 'Internal Server Error'));
    const multipart = parseMultipart(req.body, req.headers['content-type'] ?? '');
    const params = { ...Object.fromEntries(req.query), ...req.fields, ...multipart?.fields };
    try {
      sendJson(res, 200, { ok: true, result: send(req.params.method!, params, multipart?.files ?? {}) });
    } catch (error) {
      if (error instanceof BotApiError) return answer(res, error);
      throw error;
    }
  }

  server.route('POST', '/bot:token/:method', handle);
  server.route('GET', '/bot:token/:method', handle);
  return Object.assign(server, { botToken, channels, messages });
}
