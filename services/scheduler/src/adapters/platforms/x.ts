import { ApiResponseError, TwitterApi, type SendTweetV2Params, type TweetV2, type TwitterApiv2 } from 'twitter-api-v2';
import { z } from 'zod';
import type { ConnectionCredentials } from '@planner/contracts';
import { brokenRule, mediaKindOf, PLATFORM_POST_RULES, xMediaCategory, xTooLarge } from '@planner/contracts/platform-post-rules';
import { xApiClientSettings } from '@planner/service-kit';
import type { SchedulerConfig } from '../../config.js';
import { requiredToken } from './credentials.js';
import { openMediaLink, piecesOf } from './media-link.js';
import type { PlatformAdapter, PublishablePost, PublishedPost } from './platform-adapter.js';
import { kindOfStatus, networkError, PlatformError, resetAtMs } from './platform-error.js';
import { DEFAULT_TIMING, pollUntil, type AdapterTiming } from './platform-fetch.js';

const MB = 1024 * 1024;
/** APPEND segments: X takes up to 5 MB each; smaller keeps one request's memory low. */
const SEGMENT_BYTES = 4 * MB;
/** A remembered media id is reused only while it has this long left before X forgets it. */
const REUSE_MARGIN_MS = 10 * 60_000;
/**
 * X's timing: a call that hears nothing for a minute fails (transient), so a
 * silent connection cannot hold a worker; a video may stay in X's processing
 * 10 minutes before the attempt gives up (and a later one uploads again),
 * read as often as X's check_after_secs asks, else every second.
 */
const X_TIMING: AdapterTiming = { ...DEFAULT_TIMING, requestTimeoutMs: 60_000, pollDelaysMs: [1000], pollTimeoutMs: 10 * 60_000 };
/** POST /2/tweets: 100 per 15 minutes per user (platforms.md §1.5). */
const PUBLISH_WINDOW = { limit: 100, windowMs: 15 * 60_000 };
/** Our clock and X's may differ: a post found by recovery may carry a created_at this much before the attempt began. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** Recent posts read by recovery: an interrupted create is among the account's last few. */
const RECENT_POSTS_READ = 20;

const GB = 1024 * MB;
/** What an account without X Premium may post: a video of 8 GB and 20 minutes at most. */
const WITHOUT_PREMIUM = { maxBytes: 8 * GB, maxSeconds: 20 * 60 };
const PREMIUM_SUBSCRIPTIONS = ['Premium', 'PremiumPlus'];

/**
 * An uploaded media item, remembered (by its place in the post) until X forgets
 * it. Recovery matches a post's media by these ids: a post's media_keys are
 * `<type>_<media id>`, and the type prefix X lists on the post need not be the
 * one the upload answered (13_ uploaded, 7_ on the post, for a video).
 */
const uploadedSchema = z.object({ id: z.string(), expiresAt: z.string() });
type UploadedMedia = z.infer<typeof uploadedSchema>;
const handleSchema = z.object({
  media: z.array(uploadedSchema.nullable()).catch([]),
  /** When the create call began: recovery looks for the post from then on. */
  createStartedAt: z.string().optional().catch(undefined),
});

/** What X's upload endpoints answer in `data` (INIT, FINALIZE, STATUS). */
interface MediaUploadData {
  id: string;
  expires_after_secs?: number;
  processing_info?: { state: 'pending' | 'in_progress' | 'succeeded' | 'failed'; check_after_secs?: number; error?: { message?: string } };
}

const URL_PATTERN = /https?:\/\/\S+/gi;

/** The text as X gives it back (HTML entities, links as t.co, a media link appended), reduced to what both sides share. */
function comparable(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .normalize('NFC')
    .replace(URL_PATTERN, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** X's reason in its problem body (RFC 7807 `detail`, or the legacy `errors[].message`). */
function reasonOf(error: ApiResponseError): string {
  const data = error.data as { detail?: string; title?: string; errors?: Array<{ message?: string }> } | undefined;
  return data?.detail ?? data?.errors?.[0]?.message ?? data?.title ?? `HTTP ${error.code}`;
}

function isDuplicateRefusal(error: unknown): boolean {
  return error instanceof ApiResponseError && error.code === 403 && /duplicate content/i.test(reasonOf(error));
}

/**
 * A 429: a spent 24-hour cap (the user's `x-user-limit-24hour-*`, the app's
 * `x-app-limit-24hour-*`, read by twitter-api-v2 as `userDay` and `day`) waits
 * for its reset, not the 15-minute window's, which would only be refused again.
 */
function rateLimited(error: ApiResponseError, reason: string): PlatformError {
  const limits = error.rateLimit;
  const spentDay = [limits?.userDay, limits?.day].filter((cap) => cap !== undefined && cap.remaining <= 0).map((cap) => cap!.reset);
  const reset = spentDay.length > 0 ? Math.max(...spentDay) : limits?.reset;
  const retryAfterMs = resetAtMs(reset === undefined ? undefined : String(reset)) ?? PUBLISH_WINDOW.windowMs;
  // Not worded by the spec.
  const message = spentDay.length > 0 ? `X's daily posting limit was reached (${reason}); it resets at ${new Date(reset! * 1000).toISOString()}.` : `X's rate limit was reached (${reason}).`;
  return new PlatformError('rate_limited', message, { status: 429, retryAfterMs, cause: error });
}

/** A failure of twitter-api-v2 (or of the media link feeding an upload) as the worker reads it. */
function xError(error: unknown): PlatformError {
  if (error instanceof PlatformError) return error;
  // No answer (ApiRequestError, ApiPartialResponseError, an abort, a cut media link): the network.
  if (!(error instanceof ApiResponseError)) return networkError('X', error);
  const status = error.code;
  const reason = reasonOf(error);
  // Messages not worded by the spec: X's reason, in its words.
  if (status === 429) return rateLimited(error, reason);
  if (status === 401) return new PlatformError('auth', `X refused the access token (${reason}).`, { status, cause: error });
  if (isDuplicateRefusal(error)) {
    return new PlatformError('permanent', 'X refused the post as duplicate content: this account already posted the same text.', { status, cause: error });
  }
  const kind = kindOfStatus(status);
  return new PlatformError(kind, kind === 'transient' ? `X failed on its side (${status}: ${reason}).` : `X refused the post: ${reason}`, { status, cause: error });
}

/** Runs X calls (never the worker's steps), their failures classified. */
async function classified<T>(calls: () => Promise<T>): Promise<T> {
  try {
    return await calls();
  } catch (error) {
    throw xError(error);
  }
}

/** A twitter-api-v2 client for one job: the connection's user token, rebased onto X_API_URL, its calls ended by `signal`. */
function clientOf(config: SchedulerConfig, credentials: ConnectionCredentials, signal: AbortSignal, timing: AdapterTiming): TwitterApiv2 {
  const rebased = xApiClientSettings(config.X_API_URL);
  const client = new TwitterApi(requiredToken('x', credentials.access_token), {
    ...rebased,
    plugins: [
      ...rebased.plugins,
      {
        onBeforeRequest: ({ requestOptions }) => {
          requestOptions.signal = signal;
          requestOptions.timeout = timing.requestTimeoutMs;
        },
      },
    ],
  });
  return client.v2;
}

/** The post's public link: the username organizations saved at connect time, else X's link that needs none. */
function linkOf(credentials: ConnectionCredentials, id: string): string {
  const username = credentials.specific_data.username;
  return typeof username === 'string' && username !== '' ? `https://x.com/${username}/status/${id}` : `https://x.com/i/web/status/${id}`;
}

/** The chunked upload (INIT, APPEND per segment, FINALIZE, STATUS while X processes), streamed from the media link. */
async function upload(api: TwitterApiv2, media: PublishablePost['media'][number], signal: AbortSignal, timing: AdapterTiming): Promise<UploadedMedia> {
  const { category, maxBytes, label } = xMediaCategory(media.contentType);
  const opened = await openMediaLink('X', media, signal, timing.requestTimeoutMs);
  if (opened.size > maxBytes) {
    await opened.discard();
    // Not worded by the spec.
    throw new PlatformError('permanent', xTooLarge(label, maxBytes, opened.size));
  }
  let init: { data: MediaUploadData };
  try {
    init = await api.post<{ data: MediaUploadData }>('media/upload/initialize', { media_type: media.contentType, total_bytes: opened.size, media_category: category });
    let segment = 0;
    for await (const piece of piecesOf('X', opened.body, SEGMENT_BYTES)) {
      await api.post(`media/upload/${init.data.id}/append`, { segment_index: segment++, media: piece }, { forceBodyMode: 'form-data' });
    }
  } finally {
    await opened.discard();
  }
  const { id } = init.data;
  const finalized = (await api.post<{ data: MediaUploadData }>(`media/upload/${id}/finalize`)).data;
  const processed = await pollUntil(
    'X',
    {
      read: async () => (await api.get<{ data: MediaUploadData }>('media/upload', { command: 'STATUS', media_id: id })).data.processing_info,
      settled: (processing) => !processing || processing.state === 'succeeded' || processing.state === 'failed',
      waitMs: (processing) => (processing?.check_after_secs ?? 1) * 1000,
      outlasted: () => new PlatformError('transient', `X was still processing the ${label} after ${timing.pollTimeoutMs / 60_000} minutes.`),
    },
    timing,
    signal,
    { state: finalized.processing_info },
  );
  if (processed?.state === 'failed') throw new PlatformError('permanent', `X could not process the ${label}: ${processed.error?.message ?? 'it gave no reason'}.`);
  const expiresAfterMs = (finalized.expires_after_secs ?? init.data.expires_after_secs ?? 0) * 1000;
  return { id, expiresAt: new Date(Date.now() + expiresAfterMs).toISOString() };
}

/** The X user the connection posts as: the id organizations kept at connect, else (older connections) X's answer for the token. */
async function userIdOf(api: TwitterApiv2, credentials: ConnectionCredentials): Promise<string> {
  const { user_id: userId } = credentials.specific_data;
  return typeof userId === 'string' && userId !== '' ? userId : (await api.me()).data.id;
}

/** The media ids of a post, read from its media_keys (`<type>_<media id>`); undefined when X listed no attachments. */
const mediaIdsOf = (tweet: TweetV2) => tweet.attachments?.media_keys?.map((key) => key.slice(key.indexOf('_') + 1));

/** What the account's recent posts say of an interrupted create. */
type Search = { found: TweetV2 } | { found: null; unsure: boolean };

/**
 * The account's recent post carrying this text and exactly these media,
 * created since `since` (less the clock skew) when known: how an interrupted
 * create is found, since X has no idempotency key (platforms.md §1.8). A
 * candidate with the same text (or, like a media-only post, none) whose
 * attachments X did not list cannot be told apart: `unsure`, never a guess
 * (a wrong "published" loses the post, a wrong "not published" doubles it).
 */
async function findPost(api: TwitterApiv2, userId: string, text: string, mediaIds: string[], since: string | undefined): Promise<Search> {
  const timeline = await api.userTimeline(userId, {
    max_results: RECENT_POSTS_READ,
    exclude: ['replies', 'retweets'],
    'tweet.fields': ['created_at', 'attachments'],
    ...(since && { start_time: new Date(Date.parse(since) - CLOCK_SKEW_MS).toISOString() }),
  });
  const wanted = comparable(text);
  const candidates = timeline.tweets.filter((tweet) => comparable(tweet.text) === wanted);
  const sameMedia = (ids: string[]) => ids.length === mediaIds.length && ids.every((id) => mediaIds.includes(id));
  const found = candidates.find((tweet) => sameMedia(mediaIdsOf(tweet) ?? []));
  if (found) return { found };
  return { found: null, unsure: mediaIds.length > 0 && candidates.some((tweet) => mediaIdsOf(tweet) === undefined) };
}

/**
 * The limits of an account without X Premium, where the connection knows it
 * (organizations reads `subscription_type` at connect; older connections do
 * not say, and X judges). Checked at publish time, before any upload: the
 * schedule-time check knows the post, not the account. Not worded by the spec.
 */
export function premiumRule(post: PublishablePost, subscriptionType: unknown): string | null {
  if (typeof subscriptionType !== 'string' || PREMIUM_SUBSCRIPTIONS.includes(subscriptionType)) return null;
  for (const media of post.media) {
    if (mediaKindOf(media.contentType) !== 'video' || !media.facts) continue;
    const { size, durationSeconds: seconds } = media.facts;
    if (size > WITHOUT_PREMIUM.maxBytes) return `${xTooLarge('video', WITHOUT_PREMIUM.maxBytes, size)} Larger videos need X Premium.`;
    if (seconds !== null && seconds > WITHOUT_PREMIUM.maxSeconds) {
      return `X takes videos of up to ${WITHOUT_PREMIUM.maxSeconds / 60} minutes from this account (longer ones need X Premium); this one lasts ${Math.ceil(seconds / 60)} minutes.`;
    }
  }
  return null;
}

/**
 * X through twitter-api-v2: media by the chunked upload, then POST /2/tweets.
 * Media ids (with their expiry) are remembered as each upload finishes, so a
 * later attempt reuses them; recovery reads the account's recent posts.
 */
export function xAdapter(config: SchedulerConfig, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...X_TIMING, ...overrides };
  return {
    platform: 'x',
    check: (post) => brokenRule(post, PLATFORM_POST_RULES.x),
    rateWindows: async () => [PUBLISH_WINDOW],

    async publish({ post, credentials, steps, signal }): Promise<PublishedPost> {
      const beyondAccount = premiumRule(post, credentials.specific_data.subscription_type);
      if (beyondAccount) throw new PlatformError('permanent', beyondAccount);
      const api = clientOf(config, credentials, signal, timing);
      const earlier = handleSchema.parse(steps.handle);
      const uploaded: Array<UploadedMedia | null> = post.media.map(() => null);
      for (const [index, media] of post.media.entries()) {
        const remembered = earlier.media[index];
        if (remembered && Date.parse(remembered.expiresAt) - Date.now() > REUSE_MARGIN_MS) {
          uploaded[index] = remembered;
          continue;
        }
        uploaded[index] = await classified(() => upload(api, media, signal, timing));
        await steps.remember({ media: uploaded });
      }
      const mediaIds = uploaded.map((media) => media!.id);
      await steps.remember({ createStartedAt: new Date().toISOString() });
      const payload: SendTweetV2Params = {
        ...(post.text.trim() !== '' && { text: post.text }),
        ...(mediaIds.length > 0 && { media: { media_ids: mediaIds as NonNullable<SendTweetV2Params['media']>['media_ids'] } }),
      };
      const id = await steps.create(() =>
        classified(async () => {
          try {
            return (await api.tweet(payload)).data.id;
          } catch (error) {
            // X refuses an exact resend: after an earlier attempt's create, that refusal most likely means it went out.
            if (!isDuplicateRefusal(error) || !earlier.createStartedAt) throw error;
            const search = await findPost(api, await userIdOf(api, credentials), post.text, mediaIds, earlier.createStartedAt);
            if (search.found) return search.found.id;
            throw error;
          }
        }),
      );
      return { platformPostId: id, link: linkOf(credentials, id) };
    },

    async recover({ post, credentials, handle, signal }) {
      const { media, createStartedAt } = handleSchema.parse(handle);
      const mediaIds = media.flatMap((item) => (item ? [item.id] : []));
      const api = clientOf(config, credentials, signal, timing);
      const search = await classified(async () => findPost(api, await userIdOf(api, credentials), post.text, mediaIds, createStartedAt));
      if (search.found) return { status: 'published', published: { platformPostId: search.found.id, link: linkOf(credentials, search.found.id) } };
      // Not worded by the spec.
      if (search.unsure) return { status: 'unknown', reason: 'X lists a post that may be this one without saying which media it carries. Check the account, then confirm it or publish again.' };
      return { status: 'not_published' };
    },
  };
}
