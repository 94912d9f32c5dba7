import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

/** What creator_info/query answers for the token's user. */
export interface TikTokCreator {
  username: string;
  nickname: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

export type TikTokPublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'FAILED';

/** One init call and what became of it: the state status/fetch reads. */
export interface TikTokPublish {
  publishId: string;
  kind: 'video' | 'photo';
  postInfo: Record<string, unknown>;
  source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
  status: TikTokPublishStatus;
  failReason?: string;
  postId?: string;
  /** FILE_UPLOAD: the declared plan, the bytes received so far, in order, and when the upload_url stops working (an hour after init). */
  upload?: {
    uploadId: string;
    videoSize: number;
    chunkSize: number;
    totalChunkCount: number;
    contentType?: string;
    received: Buffer[];
    uploadedBytes: number;
    expiresAt: number;
  };
  /** PULL_FROM_URL: the links, and what fetching them gave. */
  pulled?: { urls: string[]; files: Array<{ contentType: string; bytes: Buffer }> };
  /** Status fetches that still say processing once all media is here. */
  checksLeft: number;
}

export interface TikTokStandIn extends StandInServer {
  accessToken: string;
  creator: TikTokCreator;
  publishes: Map<string, TikTokPublish>;
  /** Status fetches a publish stays processing once its media is all there (1 by default). */
  processingChecks: number;
  /** Links TikTok may pull from (verified domains or URL prefixes); every link when empty. */
  verifiedUrlPrefixes: string[];
  /**
   * Whether TikTok audited this app (true by default). An unaudited client
   * may post only SELF_ONLY: any other privacy level is refused with 403
   * unaudited_client_can_only_post_to_private_accounts.
   */
  audited: boolean;
  /** Init calls per endpoint and token in the last minute (6 allowed); cleared to start a test afresh. */
  initCalls: Map<string, number[]>;
  /** The next publish ends FAILED with this fail_reason (moderation, format) once processed. */
  failNextPublish(reason: string): void;
  /** The next init answers this error instead (spam_risk_too_many_posts, privacy_level_option_mismatch…). */
  refuseNextInit(status: number, code: string, message: string): void;
}

const MB = 1_000_000;
/** Direct Post reference: "upload_url … is valid for one hour after issuance". */
const UPLOAD_URL_TTL_MS = 3_600_000;
/** Each user access_token may make 6 init requests a minute (video/init, content/init references). */
const INIT_LIMIT = { count: 6, windowMs: 60_000 };
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const PHOTO_TYPES = ['image/jpeg', 'image/webp'];

class TikTokError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const logId = () => randomBytes(16).toString('hex').toUpperCase();
const envelope = (data: unknown, error = { code: 'ok', message: '' }) => ({ data, error: { ...error, log_id: logId() } });

/** The Content Posting API's chunk rules: 5–64 MB chunks (the last may be larger), a file under 5 MB in one, floor(size / chunk) chunks, at most 1,000. */
function validChunkPlan(videoSize: number, chunkSize: number, count: number): boolean {
  if (![videoSize, chunkSize, count].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  if (chunkSize === videoSize) return count === 1 && videoSize <= 64 * MB;
  if (videoSize < 5 * MB) return false;
  return chunkSize >= 5 * MB && chunkSize <= 64 * MB && count === Math.floor(videoSize / chunkSize) && count <= 1000;
}

/**
 * TikTok's Content Posting API: creator_info/query, video/init (FILE_UPLOAD with
 * chunked PUTs to the upload_url, or PULL_FROM_URL), content/init for photo
 * posts (PULL_FROM_URL), status/fetch, and its `{data, error:{code,message,log_id}}`
 * envelope. A publish completes after its media arrived and `processingChecks`
 * status fetches. Init calls are limited to 6 a minute per token (429
 * rate_limit_exceeded); an unaudited app posts SELF_ONLY only; what the
 * creator turned off (comments; a video's duets and stitches) must be sent
 * off, and branded content cannot be SELF_ONLY (`checkPostInfo`); upload URLs
 * expire an hour after init. Scenarios (for status reads that fail now and
 * then, `failNext('server_error', { path: '/v2/post/publish/status/fetch/', times })`):
 * rate_limited (429 rate_limit_exceeded), expired_token (401
 * access_token_invalid), refused (403 spam_risk_user_banned_from_posting),
 * server_error (500 internal_error), slow.
 */
export async function startTikTokStandIn(options: { accessToken?: string; creator?: Partial<TikTokCreator>; slowMs?: number } = {}): Promise<TikTokStandIn> {
  const server = await startStandInServer();
  const accessToken = options.accessToken ?? 'act.stand-in-tiktok-user-token';
  const creator: TikTokCreator = {
    username: 'planner.bakery',
    nickname: 'Planner Bakery',
    privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: true,
    maxVideoPostDurationSec: 600,
    ...options.creator,
  };
  const publishes = new Map<string, TikTokPublish>();
  const failReasons: string[] = [];
  const initRefusals: TikTokError[] = [];
  let sequence = 7_300_000;

  const standIn: TikTokStandIn = Object.assign(server, {
    accessToken,
    creator,
    publishes,
    processingChecks: 1,
    verifiedUrlPrefixes: [] as string[],
    audited: true,
    initCalls: new Map<string, number[]>(),
    failNextPublish: (reason: string) => void failReasons.push(reason),
    refuseNextInit: (status: number, code: string, message: string) => void initRefusals.push(new TikTokError(status, code, message)),
  });

  function newPublish(kind: TikTokPublish['kind'], source: TikTokPublish['source'], postInfo: Record<string, unknown>): TikTokPublish {
    const prefix = kind === 'video' ? (source === 'FILE_UPLOAD' ? 'v_pub_file' : 'v_pub_url') : 'p_pub_url';
    const publish: TikTokPublish = {
      publishId: `${prefix}~v2-1.${sequence++}`,
      kind,
      postInfo,
      source,
      status: source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
      checksLeft: standIn.processingChecks,
    };
    const failReason = failReasons.shift();
    if (failReason) publish.failReason = failReason;
    publishes.set(publish.publishId, publish);
    return publish;
  }

  /** TikTok counts title and description lengths in UTF-16 code units (a JavaScript string's length). */
  /**
   * A post_info as TikTok checks it at init. The Direct Post reference
   * documents its own codes only for the privacy level
   * (privacy_level_option_mismatch) and an unaudited client
   * (unaudited_client_can_only_post_to_private_accounts). It names no code
   * for an interaction the creator turned off (creator_info's
   * comment_disabled, duet_disabled, stitch_disabled), nor for branded
   * content set to SELF_ONLY (TikTok's UX guidelines for the export page:
   * "Branded content visibility cannot be set to private."): for those the
   * stand-in answers TikTok's generic 400 invalid_params, its message saying
   * which, an assumption, not a documented answer. Duets and stitches are a
   * video's only: photo posts (content/init) take neither, and creator_info
   * says to ignore duet_disabled and stitch_disabled for photos.
   */
  function checkPostInfo(postInfo: unknown, titleLimit: number, kind: TikTokPublish['kind']): Record<string, unknown> {
    if (!postInfo || typeof postInfo !== 'object') throw new TikTokError(400, 'invalid_params', 'post_info is required.');
    const info = postInfo as Record<string, unknown>;
    if (!creator.privacyLevelOptions.includes(String(info.privacy_level))) {
      throw new TikTokError(403, 'privacy_level_option_mismatch', 'The privacy_level is not one of the creator\'s privacy_level_options.');
    }
    if (!standIn.audited && info.privacy_level !== 'SELF_ONLY') {
      throw new TikTokError(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post to a private account.');
    }
    if (info.title !== undefined && String(info.title).length > titleLimit) throw new TikTokError(400, 'invalid_params', `The title is longer than ${titleLimit} UTF-16 runes.`);
    if (creator.commentDisabled && info.disable_comment !== true) throw new TikTokError(400, 'invalid_params', 'Comments are disabled for this creator.');
    if (kind === 'video' && creator.duetDisabled && info.disable_duet !== true) throw new TikTokError(400, 'invalid_params', 'Duets are disabled for this creator.');
    if (kind === 'video' && creator.stitchDisabled && info.disable_stitch !== true) throw new TikTokError(400, 'invalid_params', 'Stitches are disabled for this creator.');
    if (info.brand_content_toggle === true && info.privacy_level === 'SELF_ONLY') {
      throw new TikTokError(400, 'invalid_params', 'Branded content cannot be posted with privacy_level SELF_ONLY.');
    }
    return info;
  }

  /** An init call counted against its token's budget: the seventh in a minute is refused with 429. */
  function countInit(path: string, token: string): void {
    const key = `${path} ${token}`;
    const now = Date.now();
    const recent = (standIn.initCalls.get(key) ?? []).filter((at) => now - at < INIT_LIMIT.windowMs);
    if (recent.length >= INIT_LIMIT.count) throw new TikTokError(429, 'rate_limit_exceeded', 'API rate limit exceeded, please try again later.');
    standIn.initCalls.set(key, [...recent, now]);
  }

  function checkVerified(url: unknown): string {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new TikTokError(400, 'invalid_params', 'A media URL is invalid.');
    if (standIn.verifiedUrlPrefixes.length > 0 && !standIn.verifiedUrlPrefixes.some((prefix) => url.startsWith(prefix))) {
      throw new TikTokError(403, 'url_ownership_unverified', 'The URL domain or prefix is not verified for this app.');
    }
    return url;
  }

  /** TikTok fetches the links after init; the stand-in does it at once and keeps what it got. */
  async function pull(publish: TikTokPublish, urls: string[], types: string[]): Promise<void> {
    const files: Array<{ contentType: string; bytes: Buffer }> = [];
    for (const url of urls) {
      const res = await fetch(url).catch(() => null);
      const contentType = res?.headers.get('content-type')?.split(';')[0] ?? '';
      if (!res?.ok) {
        publish.failReason ??= publish.kind === 'photo' ? 'photo_pull_failed' : 'video_pull_failed';
        break;
      }
      files.push({ contentType, bytes: Buffer.from(await res.arrayBuffer()) });
      if (!types.includes(contentType)) publish.failReason ??= 'file_format_check_failed';
    }
    publish.pulled = { urls, files };
  }

  function mediaArrived(publish: TikTokPublish): boolean {
    return publish.upload ? publish.upload.uploadedBytes === publish.upload.videoSize : publish.pulled !== undefined;
  }

  async function api(req: StandInRequest, res: ServerResponse, answer: (body: Record<string, unknown>) => Promise<unknown> | unknown, call: { init?: boolean } = {}): Promise<void> {
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(options.slowMs ?? 2_000);
    try {
      if (scenario === 'rate_limited') throw new TikTokError(429, 'rate_limit_exceeded', 'API rate limit exceeded, please try again later.');
      if (scenario === 'expired_token' || bearerOf(req) !== accessToken) {
        throw new TikTokError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      }
      if (scenario === 'refused') throw new TikTokError(403, 'spam_risk_user_banned_from_posting', 'The user is banned from making new posts.');
      if (scenario === 'server_error') throw new TikTokError(500, 'internal_error', 'Something went wrong. Please try again later.');
      if (req.body.length > 0 && !/^application\/json/i.test(req.headers['content-type'] ?? '')) {
        throw new TikTokError(400, 'invalid_params', 'Content-Type must be application/json; charset=UTF-8.');
      }
      if (call.init) countInit(req.path, accessToken);
      // Post ids are 64-bit integers in TikTok's JSON, beyond what a JavaScript number holds exactly.
      const body = JSON.stringify(envelope(await answer(req.fields))).replace(/"#int64:(\d+)"/g, '$1');
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      if (!(error instanceof TikTokError)) throw error;
      sendJson(res, error.status, envelope({}, { code: error.code, message: error.message }));
    }
  }

  server.route('POST', '/v2/post/publish/creator_info/query/', (req, res) =>
    api(req, res, () => ({
      creator_avatar_url: `${server.url}/avatar.jpg`,
      creator_username: creator.username,
      creator_nickname: creator.nickname,
      privacy_level_options: creator.privacyLevelOptions,
      comment_disabled: creator.commentDisabled,
      duet_disabled: creator.duetDisabled,
      stitch_disabled: creator.stitchDisabled,
      max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    })),
  );

  server.route('POST', '/v2/post/publish/video/init/', (req, res) =>
    api(req, res, async (body) => {
      const refusal = initRefusals.shift();
      if (refusal) throw refusal;
      const postInfo = checkPostInfo(body.post_info, 2200, 'video');
      const source = (body.source_info ?? {}) as Record<string, unknown>;
      if (source.source === 'FILE_UPLOAD') {
        const [videoSize, chunkSize, count] = [source.video_size, source.chunk_size, source.total_chunk_count].map(Number) as [number, number, number];
        if (!validChunkPlan(videoSize, chunkSize, count)) throw new TikTokError(400, 'invalid_params', 'The video_size, chunk_size or total_chunk_count is invalid.');
        const publish = newPublish('video', 'FILE_UPLOAD', postInfo);
        const uploadId = randomBytes(8).toString('hex');
        publish.upload = { uploadId, videoSize, chunkSize, totalChunkCount: count, received: [], uploadedBytes: 0, expiresAt: Date.now() + UPLOAD_URL_TTL_MS };
        return { publish_id: publish.publishId, upload_url: `${server.url}/video/?upload_id=${uploadId}&upload_token=${randomBytes(12).toString('hex')}` };
      }
      if (source.source === 'PULL_FROM_URL') {
        const url = checkVerified(source.video_url);
        const publish = newPublish('video', 'PULL_FROM_URL', postInfo);
        await pull(publish, [url], VIDEO_TYPES);
        return { publish_id: publish.publishId };
      }
      throw new TikTokError(400, 'invalid_params', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
    }, { init: true }),
  );

  server.route('POST', '/v2/post/publish/content/init/', (req, res) =>
    api(req, res, async (body) => {
      const refusal = initRefusals.shift();
      if (refusal) throw refusal;
      if (body.media_type !== 'PHOTO') throw new TikTokError(400, 'invalid_params', 'media_type must be PHOTO.');
      if (body.post_mode !== 'DIRECT_POST' && body.post_mode !== 'MEDIA_UPLOAD') throw new TikTokError(400, 'invalid_params', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
      const postInfo = checkPostInfo(body.post_info, 90, 'photo');
      if (postInfo.description !== undefined && String(postInfo.description).length > 4000) {
        throw new TikTokError(400, 'invalid_params', 'The description is longer than 4000 UTF-16 runes.');
      }
      const source = (body.source_info ?? {}) as Record<string, unknown>;
      const images = source.photo_images;
      if (source.source !== 'PULL_FROM_URL') throw new TikTokError(400, 'invalid_params', 'Photos can only be posted with source PULL_FROM_URL.');
      if (!Array.isArray(images) || images.length < 1 || images.length > 35) throw new TikTokError(400, 'invalid_params', 'photo_images must hold 1 to 35 URLs.');
      const cover = Number(source.photo_cover_index);
      if (!Number.isInteger(cover) || cover < 0 || cover >= images.length) throw new TikTokError(400, 'invalid_params', 'photo_cover_index is out of range.');
      const urls = images.map(checkVerified);
      const publish = newPublish('photo', 'PULL_FROM_URL', postInfo);
      await pull(publish, urls, PHOTO_TYPES);
      return { publish_id: publish.publishId };
    }, { init: true }),
  );

  server.route('POST', '/v2/post/publish/status/fetch/', (req, res) =>
    api(req, res, (body) => {
      const publish = publishes.get(String(body.publish_id));
      if (!publish) throw new TikTokError(400, 'invalid_params', 'The publish_id does not exist.');
      if (mediaArrived(publish) && publish.status !== 'PUBLISH_COMPLETE' && publish.status !== 'FAILED') {
        if (publish.checksLeft > 0) publish.checksLeft -= 1;
        else if (publish.failReason) publish.status = 'FAILED';
        else {
          publish.status = 'PUBLISH_COMPLETE';
          publish.postId = `75${String(sequence++).padStart(17, '0')}`;
        }
      }
      return {
        status: publish.status,
        ...(publish.status === 'FAILED' ? { fail_reason: publish.failReason } : {}),
        ...(publish.postId ? { publicaly_available_post_id: [`#int64:${publish.postId}`] } : {}),
        ...(publish.upload ? { uploaded_bytes: publish.upload.uploadedBytes } : { downloaded_bytes: publish.pulled?.files.reduce((n, f) => n + f.bytes.length, 0) ?? 0 }),
      };
    }),
  );

  /** The upload_url: one PUT per chunk, in order, each with its Content-Range; 206 until the last, then 201. */
  server.route('PUT', '/video/', async (req, res) => {
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(options.slowMs ?? 2_000);
    if (scenario === 'server_error') return void res.writeHead(500).end();
    const publish = [...publishes.values()].find((p) => p.upload?.uploadId === req.query.get('upload_id'));
    const upload = publish?.upload;
    if (!publish || !upload || !req.query.get('upload_token')) return void res.writeHead(404).end();
    // What an expired upload_url answers is not documented; refused, and the publish never completes.
    if (Date.now() >= upload.expiresAt) return void res.writeHead(403).end();
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (!range || !VIDEO_TYPES.includes(contentType)) return void res.writeHead(400).end();
    const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
    if (total !== upload.videoSize || first !== upload.uploadedBytes) return void res.writeHead(416).end();
    const index = upload.received.length;
    const expected = index === upload.totalChunkCount - 1 ? upload.videoSize - first : upload.chunkSize;
    if (last - first + 1 !== expected || req.body.length !== expected) return void res.writeHead(400).end();
    upload.received.push(req.body);
    upload.uploadedBytes += req.body.length;
    upload.contentType = contentType;
    if (upload.uploadedBytes < upload.videoSize) return void res.writeHead(206).end();
    if (upload.received[0]!.subarray(4, 8).toString('latin1') !== 'ftyp') publish.failReason ??= 'file_format_check_failed';
    res.writeHead(201).end();
  });

  return standIn;
}
