import {
  ConnectionMessages,
  PostMessages,
  TIKTOK_PRIVACY_LABELS,
  tiktokBrandedContentPrivate,
  type ConnectionCredentials,
  type TikTokPostOptions,
  type TikTokPrivacyLevel,
} from '@planner/contracts';
import type { SchedulerConfig } from '../../config.js';
import { requiredToken } from './credentials.js';
import type { PlatformAdapter, PublishablePost, PublishedPost, RecoveryCheck } from './platform-adapter.js';
import { PlatformError } from './platform-error.js';
import { openMediaLink, piecesOf, type OpenedMedia } from './media-link.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform, pollUntil, readJson, type AdapterTiming } from './platform-fetch.js';
import { brokenRule, isTikTokPhotoPost, PLATFORM_POST_RULES, type PostRule } from '@planner/contracts/platform-post-rules';

const PLATFORM = 'TikTok';
const number = (n: number) => n.toLocaleString('en-US');
/**
 * Branded content seen by the creator only, which TikTok refuses: checked
 * with the other rules (when the post is saved, and before anything is sent),
 * from the chosen level, or SELF_ONLY for an app TikTok has not audited.
 */
const brandedContentVisible =
  (audited: boolean): PostRule =>
  (post) => {
    const chosen = post.options.tiktok;
    if (!chosen || !tiktokBrandedContentPrivate(chosen, audited ? chosen.privacy_level : 'SELF_ONLY')) return null;
    return audited ? PostMessages.tiktokBrandedContentPrivate : PostMessages.tiktokBrandedContentUnaudited;
  };
/** Upload chunks: TikTok takes 5–64 MB each (the last up to 128 MB) and counts in decimal megabytes. */
const CHUNK_BYTES = 10_000_000;
/** Init calls are limited to 6 a minute per user token. */
const INIT_WINDOW = { limit: 6, windowMs: 60_000 };
/**
 * TikTok's per-creator daily cap (spam_risk_too_many_posts) names no window
 * or reset time: the post waits an hour and asks again (a refused init
 * creates nothing), rather than a day, which would pass the longest wait
 * a publication may take (MAX_RATE_LIMIT_WAIT_MS) at once.
 */
const DAILY_CAP_WAIT_MS = 3_600_000;
/** The refusals that mean "not now" rather than "never", at init or as a publish's fail_reason. */
const CAP_CODES = new Set(['spam_risk_too_many_posts', 'spam_risk_too_many_pending_share', 'reached_active_user_cap']);
/** "upload_url … is valid for one hour after issuance" (Direct Post reference); a resume this close to it starts anew instead. */
const UPLOAD_URL_TTL_MS = 3_600_000;
const UPLOAD_URL_MARGIN_MS = 5 * 60_000;

interface TikTokErrorBody {
  code?: string;
  message?: string;
  log_id?: string;
}

/** creator_info/query's answer (Direct Post reference, "Query Creator Info"). */
export interface CreatorInfo {
  creator_avatar_url?: string;
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

interface PublishStatus {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: string[];
  uploaded_bytes?: number;
}

/** What an attempt remembers once init answered: the publish (a post TikTok is making), where its bytes go and since when (epoch ms). */
interface TikTokHandle {
  publish_id?: string;
  upload_url?: string;
  initiated_at?: number;
  username?: string | null;
  /** Sent SELF_ONLY because the app is not audited: said on the post however it is found (published, resumed, recovered). */
  private_only?: boolean;
}

/** TikTok's error codes and fail reasons, in plain words. Not worded by the spec. */
const REASONS: Record<string, string> = {
  spam_risk_too_many_posts: "TikTok's daily limit of posts for this account is reached.",
  spam_risk_too_many_pending_share: 'TikTok holds too many unfinished posts for this account.',
  spam_risk_user_banned_from_posting: 'TikTok has banned this account from posting.',
  spam_risk_text: "TikTok refused the post's caption as a spam risk.",
  spam_risk: 'TikTok refused the post as a spam risk.',
  privacy_level_option_mismatch: 'The privacy level is not one this TikTok account allows.',
  unaudited_client_can_only_post_to_private_accounts: 'This app is not yet audited by TikTok, so it can post only to private accounts.',
  reached_active_user_cap: "This app has reached TikTok's daily number of posting users.",
  url_ownership_unverified: "TikTok refused the media links: their domain is not verified for this app in TikTok's developer portal.",
  duration_check_failed: "The video's length is outside what TikTok allows for this account.",
  file_format_check_failed: "TikTok does not accept the media's file format.",
  frame_rate_check_failed: "TikTok does not accept the video's frame rate.",
  picture_size_check_failed: "TikTok does not accept a picture's size.",
  video_pull_failed: 'TikTok could not download the video from its link.',
  photo_pull_failed: 'TikTok could not download the photos from their links.',
  publish_cancelled: 'The post was cancelled on TikTok.',
  auth_removed: "The TikTok account removed this app's access.",
  internal: 'TikTok failed while processing the post.',
};

const reasonOf = (code: string, fallback: string) => REASONS[code] ?? `TikTok did not publish the post: ${fallback || code.replace(/_/g, ' ')}.`;

function tiktokError(status: number, error: TikTokErrorBody | undefined): PlatformError {
  const code = error?.code ?? '';
  const options = { status };
  if (code === 'rate_limit_exceeded' || (status === 429 && !code)) {
    return new PlatformError('rate_limited', "TikTok's limit of posts a minute was reached.", { ...options, retryAfterMs: 60_000 });
  }
  if (CAP_CODES.has(code)) return new PlatformError('rate_limited', REASONS[code]!, { ...options, retryAfterMs: DAILY_CAP_WAIT_MS });
  if (code.startsWith('scope_')) return new PlatformError('auth', 'TikTok did not grant this app permission to post. Please connect TikTok again and allow posting.', options);
  if (code === 'access_token_invalid' || status === 401) return new PlatformError('auth', ConnectionMessages.reconnectNeeded(PLATFORM), options);
  if (status >= 500 || code === 'internal_error') return new PlatformError('transient', 'TikTok failed on its side. It will be tried again.', options);
  return new PlatformError('permanent', reasonOf(code, error?.message ?? `HTTP ${status}`), options);
}

/** The chunk sizes TikTok is told at init: a file under two chunks goes whole, otherwise the last chunk takes the remainder. */
function chunkPlan(size: number): { chunkSize: number; sizes: number[] } {
  const chunkSize = size < CHUNK_BYTES ? size : CHUNK_BYTES;
  const count = Math.floor(size / chunkSize);
  return { chunkSize, sizes: [...Array<number>(count - 1).fill(chunkSize), size - (count - 1) * chunkSize] };
}

/** A publish TikTok ended FAILED, which made nothing: a cap waits and a new publish is made then; any other reason is a refusal. */
function failedPublishError(reason: string): PlatformError {
  if (CAP_CODES.has(reason)) return new PlatformError('rate_limited', REASONS[reason]!, { retryAfterMs: DAILY_CAP_WAIT_MS, nothingCreated: true });
  return new PlatformError('permanent', reasonOf(reason, reason || 'no reason given'), { nothingCreated: true });
}

/** Post ids are 64-bit integers in TikTok's JSON: quoted before parsing, so none is rounded. */
const quotePostIds = (text: string) =>
  text.replace(/("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/g, (_, head: string, ids: string) => `${head}${ids.replace(/(^|,)\s*(\d+)\s*/g, '$1"$2"')}]`);

/** One Content Posting API call (POST, JSON) and its `data`, or TikTok's error as a PlatformError. */
async function callTikTok<T>(config: SchedulerConfig, timeoutMs: number, token: string, path: string, body: unknown, signal: AbortSignal): Promise<T> {
  const init: RequestInit = {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const res = await fetchPlatform(PLATFORM, apiUrl(config.TIKTOK_API_URL, `v2/post/publish/${path}`), init, signal, timeoutMs);
  const answer = (await readJson(PLATFORM, res, quotePostIds)) as { data?: T; error?: TikTokErrorBody };
  if (res.ok && (answer.error?.code ?? 'ok') === 'ok' && answer.data) return answer.data;
  throw tiktokError(res.status, answer.error);
}

/** What TikTok allows the token's creator now: asked before every post, and by the designer (the creator-info route). */
export const queryCreatorInfo = (config: SchedulerConfig, token: string, signal: AbortSignal, timeoutMs = DEFAULT_TIMING.requestTimeoutMs) =>
  callTikTok<CreatorInfo>(config, timeoutMs, token, 'creator_info/query/', undefined, signal);

/** A video longer than the creator may post (creator_info's max_video_post_duration_sec), refused before init; skipped where the length is unknown. */
function durationRefusal(creator: CreatorInfo, post: PublishablePost): PlatformError | null {
  const seconds = post.media[0]?.facts?.durationSeconds;
  const max = creator.max_video_post_duration_sec;
  if (isTikTokPhotoPost(post) || typeof seconds !== 'number' || typeof max !== 'number' || seconds <= max) return null;
  return new PlatformError('permanent', `TikTok takes videos of at most ${number(max)} seconds from this account (this one lasts ${number(Math.ceil(seconds))} seconds).`);
}

/** A resumed upload whose URL has expired (or is about to): its publish never completes, so nothing of it can post. */
function uploadUrlExpired(handle: TikTokHandle, status: PublishStatus, videoSize: number): boolean {
  if (status.status !== 'PROCESSING_UPLOAD' || (status.uploaded_bytes ?? 0) >= videoSize || typeof handle.initiated_at !== 'number') return false;
  return Date.now() - handle.initiated_at >= UPLOAD_URL_TTL_MS - UPLOAD_URL_MARGIN_MS;
}


function usernameOf(credentials: ConnectionCredentials): string | null {
  const { username } = credentials.specific_data;
  return typeof username === 'string' && username ? username : null;
}

/** The published post once TikTok says PUBLISH_COMPLETE: its public id (withheld for private posts) and link. */
function publishedOf(status: PublishStatus, publishId: string, username: string | null): PublishedPost {
  const postId = status.publicaly_available_post_id?.[0];
  return { platformPostId: postId ?? publishId, link: postId && username ? `https://www.tiktok.com/@${username}/video/${postId}` : null };
}

/** Not worded by the spec: what the user sees on a post an unaudited app could only send as SELF_ONLY. */
const UNAUDITED_NOTICE = 'TikTok posted it visible to the creator only: this app is not yet audited by TikTok.';

/** The post as published, with the notice its remembered publish calls for. */
function noticed(done: PublishedPost, handle: TikTokHandle): PublishedPost {
  return handle.private_only ? { ...done, notice: UNAUDITED_NOTICE } : done;
}

/**
 * The user's choices as TikTok's post_info takes them, within what the
 * creator allows now (creator_info): a privacy level it offers, else a refusal
 * before anything is created; comments (and for a video duets and stitches,
 * which photo posts do not take) off where the user or the creator turned them
 * off; the commercial-content disclosure. An unaudited app posts SELF_ONLY
 * whatever was chosen (TikTok's Direct Post guidelines), and TikTok refuses
 * branded content that only the creator sees (its UX guidelines).
 */
function postInfoOf(chosen: TikTokPostOptions, creator: CreatorInfo, audited: boolean, photos: boolean) {
  const privacy: TikTokPrivacyLevel = audited ? chosen.privacy_level : 'SELF_ONLY';
  // Not worded by the spec.
  if (!(creator.privacy_level_options ?? []).includes(privacy)) {
    throw new PlatformError(
      'permanent',
      audited
        ? `This TikTok account no longer lets posts be seen by "${TIKTOK_PRIVACY_LABELS[privacy]}". Choose who can see the TikTok post again.`
        : 'This app is not yet audited by TikTok, so it can post only visible to the creator, and this TikTok account does not allow that.',
    );
  }
  if (tiktokBrandedContentPrivate(chosen, privacy)) {
    throw new PlatformError('permanent', audited ? PostMessages.tiktokBrandedContentPrivate : PostMessages.tiktokBrandedContentUnaudited);
  }
  return {
    privacy_level: privacy,
    disable_comment: !chosen.allow_comment || creator.comment_disabled === true,
    ...(photos
      ? {}
      : { disable_duet: !chosen.allow_duet || creator.duet_disabled === true, disable_stitch: !chosen.allow_stitch || creator.stitch_disabled === true }),
    brand_content_toggle: chosen.brand_content,
    brand_organic_toggle: chosen.brand_organic,
  };
}

/**
 * TikTok Content Posting API: a video (uploaded in chunks from its link) or
 * photos (pulled by TikTok from their links) as a direct post. The init call
 * creates the post; its publish_id is remembered at once, then the status is
 * polled until TikTok published or refused it. An interrupted attempt is
 * checked, and resumed, from that publish_id.
 */
export function tiktokAdapter(config: SchedulerConfig, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...DEFAULT_TIMING, ...overrides };
  const { requestTimeoutMs, uploadTimeoutMs } = timing;
  const rules = [...PLATFORM_POST_RULES.tiktok, brandedContentVisible(config.TIKTOK_APP_AUDITED)];

  const call = <T>(token: string, path: string, body: unknown, signal: AbortSignal) => callTikTok<T>(config, requestTimeoutMs, token, path, body, signal);

  /** The creator's settings, and this post checked against them before anything is created. */
  async function creatorFor(token: string, post: PublishablePost, signal: AbortSignal): Promise<CreatorInfo> {
    const creator = await queryCreatorInfo(config, token, signal, requestTimeoutMs);
    const refusal = durationRefusal(creator, post);
    if (refusal) throw refusal;
    return creator;
  }

  const statusOf = (token: string, publishId: string, signal: AbortSignal) => call<PublishStatus>(token, 'status/fetch/', { publish_id: publishId }, signal);

  /** PUTs the video's chunks to the upload URL in order, from `uploadedBytes` (what an earlier attempt sent). */
  async function upload(uploadUrl: string, video: OpenedMedia, contentType: string, uploadedBytes: number, signal: AbortSignal): Promise<void> {
    let end = 0;
    for await (const chunk of piecesOf(PLATFORM, video.body, chunkPlan(video.size).sizes)) {
      const first = end;
      end += chunk.length;
      if (end <= uploadedBytes) continue;
      const headers = { 'content-type': contentType, 'content-range': `bytes ${first}-${end - 1}/${video.size}` };
      const res = await fetchPlatform(PLATFORM, uploadUrl, { method: 'PUT', body: chunk, headers }, signal, uploadTimeoutMs);
      await res.body?.cancel();
      if (res.status !== 206 && res.status !== 201) {
        const kind = res.status >= 500 ? 'transient' : 'permanent';
        throw new PlatformError(kind, `TikTok refused the video upload (HTTP ${res.status}).${kind === 'transient' ? ' It will be tried again.' : ''}`, { status: res.status });
      }
    }
  }

  /** Polls the publish until TikTok published it (its link) or refused it (its reason); still processing after the poll timeout is left to the next attempt. */
  async function outcome(token: string, publishId: string, username: string | null, signal: AbortSignal): Promise<PublishedPost> {
    const status = await pollUntil(
      PLATFORM,
      {
        read: () => statusOf(token, publishId, signal),
        settled: (state) => state.status === 'PUBLISH_COMPLETE' || state.status === 'FAILED',
        outlasted: () => new PlatformError('transient', 'TikTok is still processing the post. It will be checked again.'),
      },
      timing,
      signal,
    );
    if (status.status === 'FAILED') throw failedPublishError(status.fail_reason ?? '');
    return publishedOf(status, publishId, username);
  }

  /**
   * Finishes a publish an earlier attempt began: the rest of its upload, then
   * its outcome; null where its upload URL expired with bytes missing: that
   * publish can never complete (a FILE_UPLOAD init makes nothing public until
   * all bytes are in), so a new init cannot post twice.
   */
  async function resume(token: string, handle: TikTokHandle & { publish_id: string }, status: PublishStatus, post: PublishablePost, signal: AbortSignal) {
    const username = handle.username ?? null;
    if (status.status === 'PROCESSING_UPLOAD' && handle.upload_url) {
      const video = await openMediaLink(PLATFORM, post.media[0]!, signal, requestTimeoutMs);
      const uploaded = status.uploaded_bytes ?? 0;
      if (uploadUrlExpired(handle, status, video.size)) {
        await video.discard();
        return null;
      }
      if (uploaded < video.size) await upload(handle.upload_url, video, post.media[0]!.contentType, uploaded, signal);
      else await video.discard();
    }
    return noticed(await outcome(token, handle.publish_id, username, signal), handle);
  }

  return {
    platform: 'tiktok',

    check: (post) => brokenRule(post, rules),

    async rateWindows() {
      return [INIT_WINDOW];
    },

    async publish({ post, credentials, steps, signal }) {
      const token = requiredToken('tiktok', credentials.access_token);
      const remembered = steps.handle as TikTokHandle;
      if (typeof remembered.publish_id === 'string') {
        const status = await statusOf(token, remembered.publish_id, signal);
        // A publish that FAILED made nothing, nor one whose upload URL expired: a new one starts below.
        const resumed = status.status === 'FAILED' ? null : await resume(token, { ...remembered, publish_id: remembered.publish_id }, status, post, signal);
        if (resumed) return resumed;
      }

      // TikTok's guidelines: the user chooses who sees the post, nothing is chosen for them (a post made before it asked has no choice).
      const chosen = post.options.tiktok;
      if (!chosen) throw new PlatformError('permanent', PostMessages.tiktokPrivacyRequired);
      // TikTok requires the creator's current settings before each post: the privacy levels it may use, what it disabled.
      const creator = await creatorFor(token, post, signal);
      const username = usernameOf(credentials) ?? creator.creator_username ?? null;
      const choices = postInfoOf(chosen, creator, config.TIKTOK_APP_AUDITED, isTikTokPhotoPost(post));
      const kept = { username, ...(!config.TIKTOK_APP_AUDITED && { private_only: true }) };

      if (isTikTokPhotoPost(post)) {
        const init = await steps.create(() =>
          call<{ publish_id: string }>(
            token,
            'content/init/',
            {
              media_type: 'PHOTO',
              post_mode: 'DIRECT_POST',
              post_info: { description: post.text, ...choices, auto_add_music: true },
              source_info: { source: 'PULL_FROM_URL', photo_images: post.media.map((media) => media.url), photo_cover_index: 0 },
            },
            signal,
          ),
        );
        await steps.remember({ publish_id: init.publish_id, ...kept });
        return noticed(await outcome(token, init.publish_id, username, signal), kept);
      }

      const media = post.media[0]!;
      const video = await openMediaLink(PLATFORM, media, signal, requestTimeoutMs);
      const plan = chunkPlan(video.size);
      let init: { publish_id: string; upload_url: string };
      try {
        init = await steps.create(() =>
          call<{ publish_id: string; upload_url: string }>(
            token,
            'video/init/',
            {
              post_info: { title: post.text, ...choices },
              source_info: { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: plan.chunkSize, total_chunk_count: plan.sizes.length },
            },
            signal,
          ),
        );
      } catch (error) {
        await video.discard();
        throw error;
      }
      await steps.remember({ publish_id: init.publish_id, upload_url: init.upload_url, initiated_at: Date.now(), ...kept });
      await upload(init.upload_url, video, media.contentType, 0, signal);
      return noticed(await outcome(token, init.publish_id, username, signal), kept);
    },

    async recover({ credentials, handle, signal }): Promise<RecoveryCheck> {
      const remembered = handle as TikTokHandle;
      const { publish_id: publishId, username } = remembered;
      if (typeof publishId !== 'string') {
        // Not worded by the spec: init answered (or not) and the worker stopped before its publish id was kept.
        return { status: 'unknown', reason: 'TikTok cannot be asked about a post whose publish id was not kept. Check the TikTok account, then confirm it or publish again.' };
      }
      const status = await statusOf(requiredToken('tiktok', credentials.access_token), publishId, signal);
      if (status.status === 'PUBLISH_COMPLETE') return { status: 'published', published: noticed(publishedOf(status, publishId, username ?? usernameOf(credentials)), remembered) };
      // FAILED: nothing went out. Still uploading or processing: the publish resumes this publish id rather than making a new one.
      return { status: 'not_published' };
    },
  };
}
