import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startMediaHost,
  startTelegramStandIn,
  TELEGRAM_PRIVATE_CHANNEL,
  TELEGRAM_PUBLIC_CHANNEL,
  type TelegramStandIn,
} from '@planner/platform-stand-ins';
import type { PublishablePost } from '../../src/adapters/platforms/index.js';
import { telegramAdapter } from '../../src/adapters/platforms/telegram.js';
import { config, credentials as credentialsOf, failedPublish, post as publishable, recordedPublish, signal, stepLog } from './harness.js';

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(40_000)]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(30_000)]);
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(200_000)]);
const hugePhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024)]);

let telegram: TelegramStandIn;
let media: Awaited<ReturnType<typeof startMediaHost>>;
let adapter: ReturnType<typeof telegramAdapter>;

beforeAll(async () => {
  telegram = await startTelegramStandIn({ slowMs: 1_500 });
  media = await startMediaHost({
    'photo.jpg': { contentType: 'image/jpeg', bytes: jpeg },
    'photo.png': { contentType: 'image/png', bytes: png },
    'clip.mp4': { contentType: 'video/mp4', bytes: mp4 },
    'huge.jpg': { contentType: 'image/jpeg', bytes: hugePhoto },
  });
  adapter = telegramAdapter(config({ TELEGRAM_API_URL: telegram.url }), { requestTimeoutMs: 1_000, uploadTimeoutMs: 1_000 });
});
afterAll(async () => {
  await telegram?.close();
  await media?.close();
});
beforeEach(() => {
  telegram.requests.length = 0;
  for (const channel of telegram.channels) channel.botStatus = 'administrator';
});

const credentials = (channel = TELEGRAM_PUBLIC_CHANNEL) =>
  credentialsOf('telegram', { access_token: telegram.botToken, specific_data: { id: channel.id, name: channel.title, username: channel.username } });

const post = (fields: Partial<PublishablePost> = {}) => publishable({ text: 'Fresh sourdough at 8 (today only)!', ...fields });

const photo = (name = 'photo.jpg', contentType = 'image/jpeg') => ({ url: media.urlOf(name), contentType });
const video = () => ({ url: media.urlOf('clip.mp4'), contentType: 'video/mp4' });

const publish = (item: PublishablePost, connection = credentials()) => recordedPublish(adapter, telegram, item, connection);
const failure = (item: PublishablePost, connection = credentials()) => failedPublish(adapter, telegram, item, connection);

describe('Telegram adapter against the Bot API stand-in', () => {
  it('sends a text post with sendMessage inside create, linking the public channel message', async () => {
    const { published, events } = await publish(post());
    const sent = telegram.messages.at(-1)!;
    expect(sent).toMatchObject({ chatId: TELEGRAM_PUBLIC_CHANNEL.id, method: 'sendMessage', text: 'Fresh sourdough at 8 (today only)!' });
    expect(published).toEqual({ platformPostId: String(sent.messageId), link: `https://t.me/planner_news/${sent.messageId}` });
    expect(stepLog(events)).toEqual([{ step: 'create', requests: [`POST /bot${telegram.botToken}/sendMessage`], outcome: 'returned' }]);
  });

  it("links a private channel's message as t.me/c/<channel id without -100>/<message id>", async () => {
    const { published } = await publish(post(), credentials(TELEGRAM_PRIVATE_CHANNEL));
    const sent = telegram.messages.at(-1)!;
    expect(sent.chatId).toBe(TELEGRAM_PRIVATE_CHANNEL.id);
    expect(published.link).toBe(`https://t.me/c/1000000002/${sent.messageId}`);
  });

  it('uploads one photo with sendPhoto, the caption beside it, bytes as at the link', async () => {
    const { published, events } = await publish(post({ mediaType: 'image', media: [photo()] }));
    const sent = telegram.messages.at(-1)!;
    expect(sent).toMatchObject({ method: 'sendPhoto', caption: 'Fresh sourdough at 8 (today only)!', media: { type: 'photo' } });
    expect(sent.media!.upload!.bytes.equals(jpeg)).toBe(true);
    expect(sent.media!.upload!.contentType).toBe('image/jpeg');
    expect(published.link).toBe(`https://t.me/planner_news/${sent.messageId}`);
    // The media link is read before the create call; only the send runs inside it.
    expect(stepLog(events)).toEqual([{ step: 'create', requests: [`POST /bot${telegram.botToken}/sendPhoto`], outcome: 'returned' }]);
  });

  it('uploads one video with sendVideo', async () => {
    await publish(post({ mediaType: 'video', media: [video()] }));
    const sent = telegram.messages.at(-1)!;
    expect(sent).toMatchObject({ method: 'sendVideo', media: { type: 'video' } });
    expect(sent.media!.upload!.bytes.equals(mp4)).toBe(true);
  });

  it('sends 2–10 photos and videos as one album with sendMediaGroup, captioned on its first item', async () => {
    const { published } = await publish(post({ mediaType: 'carousel', media: [photo(), photo('photo.png', 'image/png'), video()] }));
    const album = telegram.messages.slice(-3);
    expect(album.map((m) => m.media!.type)).toEqual(['photo', 'photo', 'video']);
    expect(album.map((m) => m.caption)).toEqual(['Fresh sourdough at 8 (today only)!', undefined, undefined]);
    expect(new Set(album.map((m) => m.mediaGroupId)).size).toBe(1);
    expect(album[1]!.media!.upload!.bytes.equals(png)).toBe(true);
    expect(published).toEqual({ platformPostId: String(album[0]!.messageId), link: `https://t.me/planner_news/${album[0]!.messageId}` });
  });

  it('checks text, caption, media count and types before any call', () => {
    expect(adapter.check(post())).toBeNull();
    expect(adapter.check(post({ text: 'x'.repeat(4097) }))).toBe('Telegram messages are limited to 4,096 characters (this one has 4,097).');
    expect(adapter.check(post({ text: 'x'.repeat(1025), mediaType: 'image', media: [photo()] }))).toBe(
      'Telegram captions are limited to 1,024 characters (this one has 1,025).',
    );
    expect(adapter.check(post({ text: '  ' }))).toBe('Telegram cannot send an empty message.');
    expect(adapter.check(post({ mediaType: 'carousel', media: Array.from({ length: 11 }, () => photo()) }))).toBe(
      'Telegram albums hold at most 10 photos and videos (this post has 11).',
    );
    expect(adapter.check(post({ mediaType: 'image', media: [{ url: 'https://x/a.gif', contentType: 'image/gif' }] }))).toBe(
      'Telegram takes JPEG, PNG or WebP photos and MP4 videos, not image/gif.',
    );
    expect(adapter.check(post({ mediaType: 'story', media: [photo()] }))).toBe('Telegram channels cannot publish stories.');
    // From the sizes stored with the media, when known.
    const facts = (size: number) => ({ size, durationSeconds: null, width: null, height: null, frameRate: null });
    expect(adapter.check(post({ mediaType: 'carousel', media: [{ ...photo(), facts: facts(1024) }, { ...video(), facts: facts(51 * 1024 * 1024) }] }))).toBe(
      'Telegram bots can send photos up to 10 MB and videos up to 50 MB; media 2 is 51.0 MB.',
    );
    expect(adapter.check(post({ mediaType: 'carousel', media: [{ ...photo(), facts: facts(9 * 1024 * 1024) }, video()] }))).toBeNull();
  });

  it('waits out flood control: 429 is rate_limited with retry_after', async () => {
    telegram.failNext('rate_limited');
    const { error, events } = await failure(post());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7_000 });
    expect(stepLog(events)).toEqual([{ step: 'create', requests: [`POST /bot${telegram.botToken}/sendMessage`], outcome: 'threw' }]);
  });

  it('classifies a refused bot token as auth, without the token in the message', async () => {
    telegram.failNext('expired_token');
    expect((await failure(post())).error.kind).toBe('auth');
    expect((await failure(post(), { ...credentials(), access_token: '1:wrong' })).error.kind).toBe('auth');
  });

  it('says in plain words when the bot may not post, was kicked, or the channel is gone', async () => {
    telegram.failNext('refused');
    expect((await failure(post())).error).toMatchObject({ kind: 'permanent', message: 'The bot may not post in the Telegram channel. Give it the Post Messages permission.' });
    telegram.channels[0]!.botStatus = 'kicked';
    expect((await failure(post())).error).toMatchObject({
      kind: 'permanent',
      message: 'The bot was removed from the Telegram channel. Add it back as an administrator that may post messages.',
    });
    const gone = { ...credentials(), specific_data: { id: '-1009999999999', name: 'Gone', username: null } };
    expect((await failure(post(), gone)).error.message).toBe(
      'The Telegram channel was not found, or the bot is not in it. Add the bot as an administrator that may post messages.',
    );
  });

  it('treats a server error or a slow answer inside create as transient (outcome unknown)', async () => {
    telegram.failNext('server_error');
    const failed = await failure(post());
    expect(failed.error.kind).toBe('transient');
    expect(stepLog(failed.events)).toEqual([{ step: 'create', requests: [`POST /bot${telegram.botToken}/sendMessage`], outcome: 'threw' }]);
    telegram.failNext('slow');
    expect((await failure(post())).error.kind).toBe('transient');
  });

  it('refuses a photo over the Bot API cap, and a media link that fails, before create', async () => {
    const tooLarge = await failure(post({ mediaType: 'image', media: [photo('huge.jpg')] }));
    expect(tooLarge.error).toMatchObject({ kind: 'permanent', message: 'Telegram bots can send photos up to 10 MB and videos up to 50 MB; media 1 is 11.0 MB.' });
    const missing = await failure(post({ mediaType: 'image', media: [photo('gone.jpg')] }));
    expect(missing.error).toMatchObject({ kind: 'permanent', message: "The post's media could not be read for Telegram: its link answered HTTP 404." });
    expect([...stepLog(tooLarge.events), ...stepLog(missing.events)]).toEqual([]);
    expect(telegram.requests).toEqual([]);
  });

  it('answers recovery with unknown: the Bot API cannot list sent messages', async () => {
    const check = await adapter.recover({ post: post(), credentials: credentials(), handle: {}, signal: signal() });
    expect(check).toEqual({ status: 'unknown', reason: 'Telegram cannot tell whether an interrupted message was sent. Check the channel, then confirm it or publish again.' });
    expect(telegram.requests).toEqual([]);
  });

  it('limits each channel to 20 messages a minute, an album counting each of its messages, and one request a second', async () => {
    expect(await adapter.rateWindows(credentials(), signal(), post())).toEqual([
      { limit: 20, windowMs: 60_000, scope: TELEGRAM_PUBLIC_CHANNEL.id },
      { limit: 1, windowMs: 1_000, scope: TELEGRAM_PUBLIC_CHANNEL.id },
    ]);
    expect(await adapter.rateWindows(credentials(), signal(), post({ mediaType: 'carousel', media: [photo(), photo(), video()] }))).toEqual([
      { limit: 20, windowMs: 60_000, scope: TELEGRAM_PUBLIC_CHANNEL.id, cost: 3 },
      { limit: 1, windowMs: 1_000, scope: TELEGRAM_PUBLIC_CHANNEL.id },
    ]);
  });

  it("is refused by flood control past 20 messages a minute, an album's counted one by one: rate limited for the wait Telegram names", async () => {
    const flooded = await startTelegramStandIn({ channels: [{ ...TELEGRAM_PUBLIC_CHANNEL }] });
    try {
      const floodAdapter = telegramAdapter(config({ TELEGRAM_API_URL: flooded.url }), { requestTimeoutMs: 1_000, uploadTimeoutMs: 1_000 });
      const connection = { ...credentials(), access_token: flooded.botToken };
      const album = () => post({ mediaType: 'carousel', media: Array.from({ length: 10 }, () => photo()) });
      await recordedPublish(floodAdapter, flooded, album(), connection);
      await recordedPublish(floodAdapter, flooded, album(), connection);
      const { error } = await failedPublish(floodAdapter, flooded, post(), connection);
      expect(error.kind).toBe('rate_limited');
      expect(error.retryAfterMs).toBeGreaterThan(55_000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(flooded.messages).toHaveLength(20);
    } finally {
      await flooded.close();
    }
  });
});
