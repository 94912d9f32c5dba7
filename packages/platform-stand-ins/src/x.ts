import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type Scenario, type StandInRequest, type StandInServer } from './server.js';

/** An account whose user token the stand-in accepts. */
export interface XStandInUser {
  token: string;
  id: string;
  username: string;
  name: string;
  /** X Premium / verified: longer and larger Post videos. */
  premium?: boolean;
}

export const X_STAND_IN_USER: XStandInUser = { token: 'x-user-token', id: '1600000000000000001', username: 'standin_brand', name: 'Stand-in Brand' };

/** A post as X keeps it: its text as X gives it back (HTML entities, links as t.co, a media link appended). */
export interface XStandInPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: Date;
  /** As the post lists them: `<type>_<media id>`. */
  mediaKeys: string[];
  /** X now and then leaves a post's `attachments` out of a timeline answer although it carries media. */
  attachmentsUnlisted?: boolean;
}

type ProcessingState = 'pending' | 'in_progress' | 'succeeded' | 'failed';

/** A media upload: INIT opens it, APPEND fills it, FINALIZE closes it (videos and GIFs are then processed). */
export interface XStandInMedia {
  id: string;
  key: string;
  authorId: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  segments: Map<number, Buffer>;
  /** null until FINALIZE. */
  state: ProcessingState | null;
  /** Why processing failed, as X's processing_info.error says it. */
  failure?: { code: number; name: string; message: string };
  /** Unix ms after which X no longer knows the id. */
  expiresAt: number;
  bytes?: Buffer;
}

export interface XStandIn extends StandInServer {
  posts: XStandInPost[];
  media: Map<string, XStandInMedia>;
  addUser(user: XStandInUser): void;
  /** A post already on an account's timeline (made elsewhere, or earlier). */
  addPost(post: Omit<XStandInPost, 'id'> & { id?: string }): XStandInPost;
}

export interface XStandInOptions {
  /** How long a 'slow' answer takes. */
  slowMs?: number;
  /** X's `check_after_secs` while a video or GIF is processed (it takes two STATUS checks). */
  checkAfterSecs?: number;
  /** Seconds a media id lives (X: a day for images, longer for videos). */
  mediaLifetimeSecs?: number;
  /**
   * POST /2/tweets per 24 hours: per user (`x-user-limit-24hour-*`, its number
   * depends on the plan) and per app (`x-app-limit-24hour-*`, 10,000 in the
   * docs' table).
   */
  userDayLimit?: number;
  appDayLimit?: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
/**
 * Upload limits per category (docs.x.com media best practices, 2026): images
 * 5 MB, GIFs 15 MB, Post video 8 GB and 0.5 s–20 min, 16 GB and 125 min for
 * X Premium. Media keys: 13_ at upload (the docs' INIT example), 7_ as a
 * post lists its video (X's own post answers), 3_ photos, 16_ GIFs.
 */
const IMAGE = { categories: ['tweet_image'], maxBytes: () => 5 * MB, keyPrefix: '3' };
const VIDEO = { categories: ['tweet_video', 'amplify_video'], maxBytes: (premium: boolean) => (premium ? 16 : 8) * GB, keyPrefix: '13' };
const MEDIA_TYPES: Record<string, { categories: string[]; maxBytes: (premium: boolean) => number; keyPrefix: string }> = {
  'image/jpeg': IMAGE,
  'image/png': IMAGE,
  'image/webp': IMAGE,
  'image/gif': { categories: ['tweet_image', 'tweet_gif'], maxBytes: () => 15 * MB, keyPrefix: '16' },
  'video/mp4': VIDEO,
  'video/quicktime': VIDEO,
};
const POST_KEY_PREFIX: Record<string, string> = { tweet_image: '3', tweet_gif: '16', tweet_video: '7', amplify_video: '13' };
const VIDEO_MIN_MS = 500;
const videoMaxMs = (premium: boolean) => (premium ? 125 : 20) * 60_000;
const DAY_MS = 86_400_000;
/** One APPEND segment may carry up to 5 MB (docs.x.com, media upload). */
const MAX_SEGMENT_BYTES = 5 * MB;
const TWEET_WINDOW_MS = 15 * 60_000;
const TWEETS_PER_WINDOW = 100;

let lastId = 1_900_000_000_000_000_000n;
const nextId = () => String(++lastId);

function problem(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  sendJson(res, status, { ...body, status }, { 'content-type': 'application/problem+json', ...headers });
}

const invalidRequest = (res: ServerResponse, message: string, headers: Record<string, string> = {}) =>
  problem(
    res,
    400,
    {
      errors: [{ message }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    },
    headers,
  );

/** The fields of a multipart/form-data body as raw bytes (twitter-api-v2 sends the media part without a filename). */
function multipartFields(req: StandInRequest): Map<string, Buffer> {
  const fields = new Map<string, Buffer>();
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(req.headers['content-type'] ?? '');
  if (!boundary) return fields;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = req.body.indexOf(delimiter);
  while (start >= 0) {
    const next = req.body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = req.body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(part.subarray(0, headerEnd).toString('utf8'))?.[1];
    if (headerEnd >= 0 && name) fields.set(name, part.subarray(headerEnd + 4));
    start = next;
  }
  return fields;
}

/** A box's body inside `bytes` (ISO base media file: size, type, body), looked for among the boxes from `start` to `end`. */
function boxIn(bytes: Buffer, type: string, start = 0, end = bytes.length): { start: number; end: number } | null {
  let at = start;
  while (at + 8 <= end) {
    const size32 = bytes.readUInt32BE(at);
    const header = size32 === 1 ? 16 : 8;
    const size = size32 === 1 ? Number(bytes.readBigUInt64BE(at + 8)) : size32 === 0 ? end - at : size32;
    if (size < header) return null;
    if (bytes.toString('latin1', at + 4, at + 8) === type) return { start: at + header, end: Math.min(end, at + size) };
    at += size;
  }
  return null;
}

/** A video's duration (mvhd) and its first track's size (tkhd), as X reads them when it processes the upload; null when the file has no movie header. */
export function mp4Facts(bytes: Buffer): { durationMs: number; width: number; height: number } | null {
  const moov = boxIn(bytes, 'moov');
  const mvhd = moov && boxIn(bytes, 'mvhd', moov.start, moov.end);
  if (!moov || !mvhd) return null;
  const v1 = bytes[mvhd.start] === 1;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  const trak = boxIn(bytes, 'trak', moov.start, moov.end);
  const tkhd = trak && boxIn(bytes, 'tkhd', trak.start, trak.end);
  // tkhd ends with width and height as 16.16 fixed point.
  const [width, height] = tkhd ? [bytes.readUInt32BE(tkhd.end - 8) / 65536, bytes.readUInt32BE(tkhd.end - 4) / 65536] : [0, 0];
  return timescale > 0 ? { durationMs: (duration / timescale) * 1000, width, height } : null;
}

/** An MP4 X can read: ftyp, a moov with its movie header and one track header, then `mdatBytes` of media data. */
export function mp4Video({ seconds, width, height, mdatBytes = 1024 }: { seconds: number; width: number; height: number; mdatBytes?: number }): Buffer {
  const box = (type: string, ...body: Buffer[]) => {
    const content = Buffer.concat(body);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(content.length + 8);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, content]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')), box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))), box('mdat', Buffer.alloc(mdatBytes, 7))]);
}

/** `2.minutes+29.seconds+350.milliseconds`, as X words a duration. */
function xDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = Math.round(ms % 1000);
  return [minutes && `${minutes}.minutes`, seconds && `${seconds}.seconds`, millis && `${millis}.milliseconds`].filter(Boolean).join('+') || '0.milliseconds';
}

/**
 * Why X's processing refuses a Post video: a file it cannot read, a duration
 * outside 0.5 s–20 min (125 for Premium), a side under 32 px or an aspect
 * ratio beyond 1:3–3:1 (docs.x.com media best practices). The duration words
 * are X's (plhery/node-twitter-api-v2#243); the others follow them.
 */
function videoRefusal(bytes: Buffer, premium: boolean): XStandInMedia['failure'] {
  const facts = mp4Facts(bytes);
  const unsupported = (message: string) => ({ code: 3, name: 'UnsupportedMedia', message });
  if (!facts) return { code: 1, name: 'InvalidMedia', message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.' };
  const maxMs = videoMaxMs(premium);
  if (facts.durationMs > maxMs) return unsupported(`Duration ${xDuration(facts.durationMs)} exceeds max duration of ${xDuration(maxMs)}`);
  if (facts.durationMs < VIDEO_MIN_MS) return unsupported(`Duration ${xDuration(facts.durationMs)} is below min duration of ${xDuration(VIDEO_MIN_MS)}`);
  const [short, long] = [Math.min(facts.width, facts.height), Math.max(facts.width, facts.height)];
  if (short < 32) return unsupported(`Dimensions ${facts.width}x${facts.height} are below min dimensions of 32x32`);
  if (long / short > 3) return unsupported(`Aspect ratio of ${facts.width}x${facts.height} is outside 1:3 to 3:1`);
  return undefined;
}

/** The text as X returns it: `&`, `<`, `>` as entities, each link as a t.co link, and a link to the media appended. */
function storedText(text: string, withMedia: boolean): string {
  const tco = () => `https://t.co/${randomBytes(5).toString('hex')}`;
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/https?:\/\/\S+/g, tco);
  return withMedia ? `${escaped}${escaped ? ' ' : ''}${tco()}` : escaped;
}

/**
 * X API v2 as a local server (platforms.md §1): the v2 chunked media upload
 * (initialize, append, finalize, STATUS with processing_info), POST /2/tweets
 * (201, 403 on duplicate text, 100 per 15 minutes per user), GET /2/users/me
 * and the user timeline recovery reads; problem+json errors and
 * `x-rate-limit-*` headers on every answer.
 */
export async function startXStandIn(options: XStandInOptions = {}): Promise<XStandIn> {
  const { slowMs = 2000, checkAfterSecs = 1, mediaLifetimeSecs = 86_400, userDayLimit = 1_000, appDayLimit = 10_000 } = options;
  const server = await startStandInServer();
  const users = new Map<string, XStandInUser>([[X_STAND_IN_USER.token, X_STAND_IN_USER]]);
  const posts: XStandInPost[] = [];
  const media = new Map<string, XStandInMedia>();
  const tweetWindows = new Map<string, { resetAt: number; used: number }>();
  /** Texts each user posted, as sent: X refuses the same text again. */
  const sentTexts = new Set<string>();

  const userDays = new Map<string, { resetAt: number; used: number }>();
  const appDay = new Map<string, { resetAt: number; used: number }>();

  /** A window of `lengthMs` that opens at its first post: X's 15-minute and 24-hour windows. */
  function windowIn(windows: Map<string, { resetAt: number; used: number }>, key: string, lengthMs: number): { resetAt: number; used: number } {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) windows.set(key, (window = { resetAt: now + lengthMs, used: 0 }));
    return window;
  }
  const windowOf = (userId: string) => windowIn(tweetWindows, userId, TWEET_WINDOW_MS);
  const dayWindowsOf = (userId: string) => ({ user: windowIn(userDays, userId, DAY_MS), app: windowIn(appDay, 'app', DAY_MS) });
  const headersOf = (prefix: string, limit: number, window: { resetAt: number; used: number }) => ({
    [`${prefix}-limit`]: String(limit),
    [`${prefix}-remaining`]: String(Math.max(0, limit - window.used)),
    [`${prefix}-reset`]: String(Math.ceil(window.resetAt / 1000)),
  });

  /** `x-rate-limit-*` on every answer; on POST /2/tweets also its 24-hour caps, the user's and the app's. */
  function rateHeaders(userId: string, path: string): Record<string, string> {
    if (path !== '/2/tweets') return { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '899', 'x-rate-limit-reset': String(Math.ceil(windowOf(userId).resetAt / 1000)) };
    const days = dayWindowsOf(userId);
    return {
      ...headersOf('x-rate-limit', TWEETS_PER_WINDOW, windowOf(userId)),
      ...headersOf('x-user-limit-24hour', userDayLimit, days.user),
      ...headersOf('x-app-limit-24hour', appDayLimit, days.app),
    };
  }

  /** Answers an armed scenario other than 'slow' as X does; true when it answered. */
  function answerScenario(scenario: Scenario | undefined, req: StandInRequest, res: ServerResponse, userId: string): boolean {
    const headers = rateHeaders(userId, req.path);
    switch (scenario) {
      case 'rate_limited': {
        const reset = Math.ceil((Date.now() + TWEET_WINDOW_MS) / 1000);
        problem(res, 429, { title: 'Too Many Requests', type: 'about:blank', detail: 'Too Many Requests' }, { ...headers, 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) });
        return true;
      }
      case 'expired_token':
        problem(res, 401, { title: 'Unauthorized', type: 'about:blank', detail: 'Unauthorized' });
        return true;
      case 'refused':
        problem(res, 403, { title: 'Forbidden', type: 'about:blank', detail: 'You are not allowed to create a Tweet with duplicate content.' }, headers);
        return true;
      case 'server_error':
        problem(res, 503, { title: 'Service Unavailable', type: 'about:blank', detail: 'Service Unavailable' }, headers);
        return true;
      default:
        return false;
    }
  }

  /** A route that checks the user token and the armed scenarios before `handler`. */
  function userRoute(method: string, pattern: string, handler: (req: StandInRequest, res: ServerResponse, user: XStandInUser, headers: Record<string, string>) => void) {
    server.route(method, pattern, async (req, res) => {
      const user = users.get(bearerOf(req) ?? '');
      if (!user) {
        problem(res, 401, { title: 'Unauthorized', type: 'about:blank', detail: 'Unauthorized' });
        return;
      }
      const scenario = server.takeScenario(req);
      if (scenario === 'slow') await sleep(slowMs);
      if (answerScenario(scenario, req, res, user.id)) return;
      handler(req, res, user, rateHeaders(user.id, req.path));
    });
  }

  function ownUpload(id: string, user: XStandInUser): XStandInMedia | undefined {
    const upload = media.get(id);
    return upload && upload.authorId === user.id && upload.expiresAt > Date.now() ? upload : undefined;
  }

  const mediaView = (upload: XStandInMedia) => ({
    id: upload.id,
    media_key: upload.key,
    expires_after_secs: Math.max(0, Math.floor((upload.expiresAt - Date.now()) / 1000)),
  });
  const processingInfo = (upload: XStandInMedia) =>
    upload.state === 'failed'
      ? { state: 'failed', progress_percent: 100, error: upload.failure ?? { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } }
      : { state: upload.state, progress_percent: upload.state === 'succeeded' ? 100 : upload.state === 'in_progress' ? 50 : 0, ...(upload.state !== 'succeeded' && { check_after_secs: checkAfterSecs }) };

  userRoute('POST', '/2/media/upload/initialize', (req, res, user, headers) => {
    const { media_type: mediaType, total_bytes: totalBytes, media_category: category } = req.fields as Record<string, unknown>;
    const kind = typeof mediaType === 'string' ? MEDIA_TYPES[mediaType] : undefined;
    if (!req.headers['content-type']?.includes('application/json')) return invalidRequest(res, 'The request body must be JSON.', headers);
    if (!kind) return invalidRequest(res, `media_type ${String(mediaType)} is not supported.`, headers);
    if (typeof totalBytes !== 'number' || !Number.isInteger(totalBytes) || totalBytes <= 0) return invalidRequest(res, 'total_bytes must be a positive integer.', headers);
    if (category !== undefined && !kind.categories.includes(String(category))) return invalidRequest(res, `media_category ${String(category)} does not fit ${mediaType}.`, headers);
    // A GIF sent as tweet_image is held to the image limit.
    const maxBytes = category === 'tweet_image' ? IMAGE.maxBytes() : kind.maxBytes(Boolean(user.premium));
    if (totalBytes > maxBytes) return invalidRequest(res, `File size exceeds ${maxBytes} bytes.`, headers);
    const id = nextId();
    const upload: XStandInMedia = {
      id,
      key: `${kind.keyPrefix}_${id}`,
      authorId: user.id,
      mediaType: mediaType as string,
      category: String(category ?? kind.categories[0]),
      totalBytes,
      segments: new Map(),
      state: null,
      expiresAt: Date.now() + mediaLifetimeSecs * 1000,
    };
    media.set(id, upload);
    sendJson(res, 200, { data: mediaView(upload) }, headers);
  });

  userRoute('POST', '/2/media/upload/:id/append', (req, res, user, headers) => {
    const upload = ownUpload(req.params.id!, user);
    if (!upload || upload.state !== null) return invalidRequest(res, 'The media id is not valid for APPEND.', headers);
    if (!req.headers['content-type']?.startsWith('multipart/form-data')) return invalidRequest(res, 'APPEND takes multipart/form-data.', headers);
    const fields = multipartFields(req);
    const index = Number(fields.get('segment_index')?.toString('utf8'));
    const bytes = fields.get('media');
    if (!Number.isInteger(index) || index < 0 || index > 999) return invalidRequest(res, 'segment_index must be an integer from 0 to 999.', headers);
    if (!bytes || bytes.length === 0) return invalidRequest(res, 'The media field is required.', headers);
    if (bytes.length > MAX_SEGMENT_BYTES) return invalidRequest(res, 'A segment may carry up to 5 MB.', headers);
    upload.segments.set(index, Buffer.from(bytes));
    sendJson(res, 200, { data: { expires_at: Math.floor(upload.expiresAt / 1000) } }, headers);
  });

  userRoute('POST', '/2/media/upload/:id/finalize', (req, res, user, headers) => {
    const upload = ownUpload(req.params.id!, user);
    if (!upload || upload.state !== null) return invalidRequest(res, 'The media id is not valid for FINALIZE.', headers);
    const indexes = [...upload.segments.keys()].sort((a, b) => a - b);
    if (indexes.some((index, i) => index !== i)) return invalidRequest(res, 'Segments are missing.', headers);
    const bytes = Buffer.concat(indexes.map((index) => upload.segments.get(index)!));
    if (bytes.length !== upload.totalBytes) return invalidRequest(res, `File size mismatch: ${bytes.length} of ${upload.totalBytes} bytes received.`, headers);
    upload.bytes = bytes;
    upload.segments.clear();
    // Videos and GIFs are processed asynchronously; images are ready at once.
    const processed = upload.category !== 'tweet_image';
    upload.state = processed ? 'pending' : 'succeeded';
    if (VIDEO.categories.includes(upload.category)) {
      upload.failure = videoRefusal(bytes, Boolean(user.premium));
      if (upload.failure) upload.state = 'failed';
    }
    sendJson(res, 200, { data: { ...mediaView(upload), size: bytes.length, ...(processed && { processing_info: processingInfo(upload) }) } }, headers);
  });

  // STATUS: pending → in_progress → succeeded, one step per check; 'refused' armed on it fails the processing.
  server.route('GET', '/2/media/upload', async (req, res) => {
    const user = users.get(bearerOf(req) ?? '');
    if (!user) return problem(res, 401, { title: 'Unauthorized', type: 'about:blank', detail: 'Unauthorized' });
    const headers = rateHeaders(user.id, req.path);
    const upload = ownUpload(req.query.get('media_id') ?? '', user);
    if (req.query.get('command') !== 'STATUS') return invalidRequest(res, 'command must be STATUS.', headers);
    if (!upload || upload.state === null) return invalidRequest(res, 'The media id is not valid for STATUS.', headers);
    const scenario = server.takeScenario(req);
    if (scenario === 'refused') upload.state = 'failed';
    else if (scenario === 'slow') await sleep(slowMs);
    else if (answerScenario(scenario, req, res, user.id)) return;
    if (upload.state === 'pending') upload.state = 'in_progress';
    else if (upload.state === 'in_progress') upload.state = 'succeeded';
    sendJson(res, 200, { data: { ...mediaView(upload), processing_info: processingInfo(upload) } }, headers);
  });

  userRoute('POST', '/2/tweets', (req, res, user, headers) => {
    if (!req.headers['content-type']?.includes('application/json')) return invalidRequest(res, 'The request body must be JSON.', headers);
    const { text, media: attached, ...rest } = req.fields as { text?: unknown; media?: { media_ids?: unknown } };
    const unknownField = Object.keys(rest)[0];
    if (unknownField) return invalidRequest(res, `The field ${unknownField} is not taken by this stand-in.`, headers);
    if (text !== undefined && typeof text !== 'string') return invalidRequest(res, 'text must be a string.', headers);
    const ids = attached?.media_ids;
    if (ids !== undefined && (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string'))) {
      return invalidRequest(res, 'media.media_ids must be a non-empty list of strings.', headers);
    }
    const mediaIds = (ids ?? []) as string[];
    if (!text && mediaIds.length === 0) return invalidRequest(res, 'Post text or media is required.', headers);
    if ([...(text ?? '')].length > 280) return problem(res, 400, { title: 'Invalid Request', type: 'https://api.twitter.com/2/problems/invalid-request', detail: 'Your Tweet text is too long.' }, headers);
    const uploads = mediaIds.map((id) => ownUpload(id, user));
    if (uploads.some((upload) => !upload || upload.state !== 'succeeded')) return invalidRequest(res, 'Your media IDs are invalid.', headers);
    const videos = uploads.filter((upload) => upload!.category !== 'tweet_image').length;
    if (mediaIds.length > 4 || (videos > 0 && mediaIds.length > 1)) return invalidRequest(res, 'Your media IDs are invalid: a post takes up to 4 images or one video or GIF.', headers);
    const window = windowOf(user.id);
    const days = dayWindowsOf(user.id);
    // The same answer for the 15-minute window and the 24-hour caps: only the headers tell which is spent.
    if (window.used >= TWEETS_PER_WINDOW || days.user.used >= userDayLimit || days.app.used >= appDayLimit) {
      return problem(res, 429, { title: 'Too Many Requests', type: 'about:blank', detail: 'Too Many Requests' }, headers);
    }
    const body = text ?? '';
    if (body !== '' && sentTexts.has(`${user.id}\n${body}`)) {
      return problem(res, 403, { title: 'Forbidden', type: 'about:blank', detail: 'You are not allowed to create a Tweet with duplicate content.' }, headers);
    }
    window.used += 1;
    days.user.used += 1;
    days.app.used += 1;
    if (body !== '') sentTexts.add(`${user.id}\n${body}`);
    const post = {
      id: nextId(),
      authorId: user.id,
      text: storedText(body, mediaIds.length > 0),
      createdAt: new Date(),
      mediaKeys: uploads.map((upload) => `${POST_KEY_PREFIX[upload!.category]}_${upload!.id}`),
    };
    posts.push(post);
    sendJson(res, 201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } }, { ...headers, ...rateHeaders(user.id, req.path) });
  });

  // subscription_type only when asked for in user.fields, as X does.
  userRoute('GET', '/2/users/me', (req, res, user, headers) => {
    const fields = (req.query.get('user.fields') ?? '').split(',');
    const subscription = fields.includes('subscription_type') ? { subscription_type: user.premium ? 'Premium' : 'None' } : {};
    sendJson(res, 200, { data: { id: user.id, name: user.name, username: user.username, ...subscription } }, headers);
  });

  // The user timeline: newest first; created_at and attachments only when asked for in tweet.fields, as X does.
  userRoute('GET', '/2/users/:id/tweets', (req, res, _user, headers) => {
    const maxResults = Number(req.query.get('max_results') ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) return invalidRequest(res, 'max_results must be between 5 and 100.', headers);
    const startTime = req.query.get('start_time');
    if (startTime !== null && Number.isNaN(Date.parse(startTime))) return invalidRequest(res, 'start_time must be an RFC 3339 time.', headers);
    const fields = (req.query.get('tweet.fields') ?? '').split(',');
    const found = posts
      .filter((post) => post.authorId === req.params.id && (startTime === null || post.createdAt.getTime() >= Date.parse(startTime)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, maxResults);
    if (found.length === 0) return sendJson(res, 200, { meta: { result_count: 0 } }, headers);
    const data = found.map((post) => ({
      id: post.id,
      text: post.text,
      edit_history_tweet_ids: [post.id],
      ...(fields.includes('created_at') && { created_at: post.createdAt.toISOString() }),
      ...(fields.includes('attachments') && post.mediaKeys.length > 0 && !post.attachmentsUnlisted && { attachments: { media_keys: post.mediaKeys } }),
    }));
    sendJson(res, 200, { data, meta: { result_count: data.length, newest_id: data[0]!.id, oldest_id: data.at(-1)!.id } }, headers);
  });

  return Object.assign(server, {
    posts,
    media,
    addUser: (user: XStandInUser) => void users.set(user.token, user),
    addPost: (post: Omit<XStandInPost, 'id'> & { id?: string }) => {
      const added = { ...post, id: post.id ?? nextId() };
      posts.push(added);
      return added;
    },
  });
}
