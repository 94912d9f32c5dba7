import { randomBytes } from 'node:crypto';
import type { ConnectionCredentials } from '@planner/contracts';
import { brokenRule, PLATFORM_POST_RULES, telegramMediaKind, telegramTooLargeMedia } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { requiredToken } from './credentials.js';
import type { PlatformAdapter, PublishablePost, PublishedPost } from './platform-adapter.js';
import { kindOfStatus, PlatformError } from './platform-error.js';
import { openMediaLink, type OpenedMedia } from './media-link.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform, readJson, type AdapterTiming } from './platform-fetch.js';

const PLATFORM = 'Telegram';

interface TelegramMessage {
  message_id: number;
}

interface TelegramRequest {
  method: string;
  body: RequestInit['body'];
  headers: Record<string, string>;
  timeoutMs: number;
}

interface BotApiAnswer {
  ok?: boolean;
  result?: TelegramMessage | TelegramMessage[];
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** The channel the connection posts to (organizations keeps `id`, and `username` for a public channel). */
function channelOf(credentials: ConnectionCredentials): { chatId: string; username: string | null } {
  const { id, username } = credentials.specific_data;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') {
    // Not worded by the spec.
    throw new PlatformError('permanent', 'The Telegram connection names no channel. Please connect the channel again.');
  }
  return { chatId: String(id), username: typeof username === 'string' && username ? username : null };
}

/**
 * A channel post's link: t.me/<username>/<id> for a public channel; a private
 * one's is t.me/c/<its id without the -100 prefix>/<id>, which opens for its
 * members (platforms.md §7.3). Other chats (a basic group) have none.
 */
function linkOf(chatId: string, username: string | null, messageId: number): string | null {
  if (username) return `https://t.me/${username}/${messageId}`;
  return chatId.startsWith('-100') ? `https://t.me/c/${chatId.slice(4)}/${messageId}` : null;
}

/** The Bot API's refusal in plain words (its descriptions read "Forbidden: bot was kicked from the channel chat"). */
function botApiError(status: number, answer: BotApiAnswer): PlatformError {
  const code = answer.error_code ?? status;
  const description = answer.description ?? '';
  const options = { status: code };
  if (code === 429) {
    const seconds = answer.parameters?.retry_after;
    return new PlatformError('rate_limited', 'Telegram asked to slow down: too many messages were sent to the channel.', {
      ...options,
      retryAfterMs: typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : undefined,
    });
  }
  // Not worded by the spec: Telegram's reasons, said for the channel's owner.
  if (code === 401 || code === 404) return new PlatformError('auth', "Telegram refused this server's bot token. The bot must be set up again by the administrator.", options);
  if (/bot was kicked/i.test(description)) return new PlatformError('permanent', 'The bot was removed from the Telegram channel. Add it back as an administrator that may post messages.', options);
  if (/not a member|chat not found/i.test(description)) {
    return new PlatformError('permanent', 'The Telegram channel was not found, or the bot is not in it. Add the bot as an administrator that may post messages.', options);
  }
  if (/not enough rights|CHAT_WRITE_FORBIDDEN|CHAT_ADMIN_REQUIRED/i.test(description)) {
    return new PlatformError('permanent', 'The bot may not post in the Telegram channel. Give it the Post Messages permission.', options);
  }
  if (code === 413) return new PlatformError('permanent', 'Telegram refused a media file as too large.', options);
  const reason = description.replace(/^(Bad Request|Forbidden|Conflict): /, '') || `HTTP ${code}`;
  const kind = kindOfStatus(code);
  return new PlatformError(kind, kind === 'transient' ? `Telegram failed on its side (${reason}). It will be tried again.` : `Telegram refused the message: ${reason}.`, options);
}

/** A multipart/form-data body that streams the media files from their links, with its exact length. */
function multipartBody(fields: Record<string, string>, files: Array<{ field: string; filename: string; download: OpenedMedia }>) {
  const boundary = `----planner${randomBytes(12).toString('hex')}`;
  const head = (disposition: string, type?: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`);
  const fieldParts = Object.entries(fields).map(([name, value]) => Buffer.concat([head(`name="${name}"`), Buffer.from(value), Buffer.from('\r\n')]));
  const fileHeads = files.map((file) => head(`name="${file.field}"; filename="${file.filename}"`, file.download.contentType));
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length =
    fieldParts.reduce((sum, part) => sum + part.length, 0) + files.reduce((sum, file, i) => sum + fileHeads[i]!.length + file.download.size + 2, 0) + tail.length;
  async function* parts(): AsyncGenerator<Uint8Array> {
    yield* fieldParts;
    for (const [i, file] of files.entries()) {
      yield fileHeads[i]!;
      yield* file.download.body;
      yield Buffer.from('\r\n');
    }
    yield tail;
  }
  // Release every link when the request ends early (a later file's link is still open).
  async function* streamed(): AsyncGenerator<Uint8Array> {
    try {
      yield* parts();
    } finally {
      await Promise.all(files.map((file) => file.download.discard()));
    }
  }
  return { body: ReadableStream.from(streamed()), contentType: `multipart/form-data; boundary=${boundary}`, length };
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'video/mp4': 'mp4' };

/**
 * Telegram Bot API: a channel post with sendMessage, sendPhoto, sendVideo or
 * sendMediaGroup (2–10 photos and videos), the media uploaded as bytes streamed
 * from their links. Every send creates the post and none can be checked
 * afterwards (the Bot API lists no sent messages), so an interrupted send is
 * left for the user to confirm.
 */
export function telegramAdapter(config: SchedulerConfig, timing: Partial<AdapterTiming> = {}): PlatformAdapter {
  const { requestTimeoutMs, uploadTimeoutMs } = { ...DEFAULT_TIMING, ...timing };

  async function call(token: string, request: TelegramRequest, signal: AbortSignal) {
    const url = apiUrl(config.TELEGRAM_API_URL, `bot${token}/${request.method}`);
    const init = { method: 'POST', body: request.body, headers: request.headers, duplex: 'half' } as RequestInit;
    const res = await fetchPlatform(PLATFORM, url, init, signal, request.timeoutMs);
    const answer = (await readJson(PLATFORM, res)) as BotApiAnswer;
    if (!res.ok || answer.ok !== true || answer.result === undefined) throw botApiError(res.status, answer);
    return answer.result;
  }

  /** sendPhoto, sendVideo or sendMediaGroup, its links opened first: a link that fails, or a file over Telegram's cap, stops the post before anything is sent. */
  async function mediaRequest(chatId: string, post: PublishablePost, signal: AbortSignal): Promise<TelegramRequest> {
    const opened = await Promise.allSettled(post.media.map((media) => openMediaLink(PLATFORM, media, signal, requestTimeoutMs)));
    const downloads = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) {
      await Promise.all(downloads.map((download) => download.discard()));
      throw failed.reason;
    }
    const tooLarge = telegramTooLargeMedia(post, downloads.map((download) => download.size))?.message;
    if (tooLarge) {
      await Promise.all(downloads.map((download) => download.discard()));
      throw new PlatformError('permanent', tooLarge);
    }
    const kinds = post.media.map((media) => telegramMediaKind(media.contentType)!);
    const caption: Record<string, string> = post.text ? { caption: post.text } : {};
    const single = kinds.length === 1;
    const files = downloads.map((download, i) => ({
      field: single ? kinds[0]! : `file${i}`,
      filename: `file${i}.${EXTENSIONS[post.media[i]!.contentType] ?? 'bin'}`,
      download,
    }));
    const fields: Record<string, string> = single
      ? { chat_id: chatId, ...caption, ...(kinds[0] === 'video' ? { supports_streaming: 'true' } : {}) }
      : // An album's caption is its first item's.
        { chat_id: chatId, media: JSON.stringify(kinds.map((type, i) => ({ type, media: `attach://file${i}`, ...(i === 0 ? caption : {}) }))) };
    const body = multipartBody(fields, files);
    return {
      method: single ? (kinds[0] === 'photo' ? 'sendPhoto' : 'sendVideo') : 'sendMediaGroup',
      body: body.body,
      headers: { 'content-type': body.contentType, 'content-length': String(body.length) },
      timeoutMs: uploadTimeoutMs,
    };
  }

  return {
    platform: 'telegram',

    check: (post) => brokenRule(post, PLATFORM_POST_RULES.telegram),

    async rateWindows(credentials, _signal, post) {
      // Telegram's guidance for a channel (Bots FAQ): about 20 messages a minute, and no more than one a second.
      // An album is one request but as many messages as it holds, each counted against the minute's 20.
      const { chatId } = channelOf(credentials);
      const messages = Math.max(1, post.media.length);
      return [
        { limit: 20, windowMs: 60_000, scope: chatId, ...(messages > 1 && { cost: messages }) },
        { limit: 1, windowMs: 1_000, scope: chatId },
      ];
    },

    async publish({ post, credentials, steps, signal }): Promise<PublishedPost> {
      const token = requiredToken('telegram', credentials.access_token);
      const { chatId, username } = channelOf(credentials);
      const request: TelegramRequest =
        post.media.length === 0
          ? { method: 'sendMessage', body: JSON.stringify({ chat_id: chatId, text: post.text }), headers: { 'content-type': 'application/json' }, timeoutMs: requestTimeoutMs }
          : await mediaRequest(chatId, post, signal);
      const result = await steps.create(() => call(token, request, signal));
      // An album answers with one message per item; the first one is the post's.
      const messageId = (Array.isArray(result) ? result[0] : result)?.message_id;
      if (typeof messageId !== 'number') throw new PlatformError('transient', 'Telegram sent the message but did not say its id.');
      return { platformPostId: String(messageId), link: linkOf(chatId, username, messageId) };
    },

    async recover() {
      // Not worded by the spec.
      return { status: 'unknown', reason: 'Telegram cannot tell whether an interrupted message was sent. Check the channel, then confirm it or publish again.' };
    },
  };
}
