// googleapis' YouTube API as its own package: the same generated client as googleapis' youtube module,
// without the other ~300 Google APIs (googleapis is 209 MB installed, in every service image).
import { auth as googleAuth, youtube, type youtube_v3 } from '@googleapis/youtube';
import { z } from 'zod';
import { brokenRule, PLATFORM_POST_RULES, youtubeDescription, youtubeTitle } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { untilNextMidnight } from '../../domain/daily-reset.js';
import { requiredToken } from './credentials.js';
import { openMediaLink, withoutFirstBytes } from './media-link.js';
import type { PlatformAdapter, PublishablePost, PublishedPost } from './platform-adapter.js';
import { kindOfStatus, networkError, PlatformError, retryAfterMs } from './platform-error.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform, readJson, type AdapterTiming } from './platform-fetch.js';

/** A per-minute or unnamed rate limit without Retry-After waits this long before trying again. */
const RATE_LIMIT_WAIT_MS = 15 * 60_000;
/**
 * YouTube's timing: opening a session or probing one fails (transient) after a
 * minute without an answer; the upload itself is cut off after 30 minutes, and
 * the next attempt resumes from what the session holds.
 */
const YOUTUBE_TIMING: AdapterTiming = { ...DEFAULT_TIMING, requestTimeoutMs: 60_000, uploadTimeoutMs: 30 * 60_000 };

/**
 * The resumable upload session of this post's video: what a later attempt
 * resumes and what recovery probes, with the privacy status it asked for
 * (absent from sessions opened before it was remembered, which all asked
 * 'public').
 */
const sessionSchema = z.object({ sessionUri: z.string().url(), uploadBytes: z.number().int().positive(), privacyStatus: z.string().default('public') });
type UploadSession = z.infer<typeof sessionSchema>;

/** Google's error envelope (platforms.md §8.6). */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; errors?: Array<{ reason?: string; message?: string }> };
}

/** YouTube's daily quotas reset at midnight Pacific time (determine_quota_cost; quota_and_compliance_audits). */
const untilQuotaReset = () => untilNextMidnight('America/Los_Angeles', Date.now());

/** Google's message is sometimes HTML ('…exceeded your <a href="…">quota</a>.'): the words only. */
function plainWords(message: string): string {
  return message.replace(/<[^>]*>/g, '').trim();
}

/** A refusal or failure of YouTube, from its status and error envelope, as the worker reads it. */
function youtubeError(status: number, body: unknown, retryAfter: string | null): PlatformError {
  const error = (body as GoogleErrorBody | undefined)?.error;
  const reason = error?.errors?.[0]?.reason;
  const message = plainWords(error?.message ?? error?.errors?.[0]?.message ?? `HTTP ${status}`);
  // Messages not worded by the spec: YouTube's reason, in its words.
  // The project's daily units (403 quotaExceeded), its daily videos.insert calls (429 naming 'Video Uploads per day',
  // google-api-python-client#2753) and the channel's daily uploads (400 uploadLimitExceeded, "try again in 24 hours"):
  // none frees up before the quota's reset, and none is a refusal of the video.
  if (reason === 'quotaExceeded' || reason === 'uploadLimitExceeded' || ((status === 429 || reason === 'rateLimitExceeded') && /per day/i.test(message))) {
    const what = reason === 'uploadLimitExceeded' ? "The channel's daily YouTube upload limit is reached" : "YouTube's daily quota is used up";
    return new PlatformError('rate_limited', `${what} (${message}).`, { status, retryAfterMs: untilQuotaReset() });
  }
  if (status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    return new PlatformError('rate_limited', `YouTube's rate limit was reached (${message}).`, { status, retryAfterMs: retryAfterMs(retryAfter) ?? RATE_LIMIT_WAIT_MS });
  }
  if (status === 401) return new PlatformError('auth', `YouTube refused the access token (${message}).`, { status });
  // The user left out a scope on Google's consent screen: a new token of the same grant would not help.
  if (reason === 'insufficientPermissions') {
    return new PlatformError('permanent', `YouTube refused: the connection was not granted what this needs (${message}). Connect YouTube again and allow everything it asks for.`, { status });
  }
  const kind = kindOfStatus(status);
  return new PlatformError(kind, kind === 'transient' ? `YouTube failed on its side (${status}: ${message}).` : `YouTube refused the video: ${message}`, { status });
}

/** A googleapis (gaxios) failure: the API's answer when there was one, else the network. */
function fromGaxios(error: unknown): PlatformError {
  const response = (error as { response?: { status?: number; data?: unknown; headers?: Headers } }).response;
  if (typeof response?.status !== 'number') return networkError('YouTube', error);
  return youtubeError(response.status, response.data, response.headers?.get('retry-after') ?? null);
}

function linkOf(post: PublishablePost, id: string): string {
  // There is no Shorts flag in the API (YouTube classifies by shape and length); a short post links as one.
  return post.mediaType === 'short' ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`;
}

/** The session's answer to a PUT: the finished video, or how many bytes it holds (308 Resume Incomplete). */
type SessionAnswer = { state: 'complete'; video: youtube_v3.Schema$Video & { id: string } } | { state: 'incomplete'; received: number } | { state: 'gone' };

async function answerOf(response: Response): Promise<SessionAnswer> {
  const body = await readJson('YouTube', response);
  if (response.status === 200 || response.status === 201) {
    const video = body as youtube_v3.Schema$Video;
    if (!video.id) throw new PlatformError('transient', 'YouTube finished the upload without naming the video.', { status: response.status });
    return { state: 'complete', video: { ...video, id: video.id } };
  }
  if (response.status === 308) {
    // `Range: bytes=0-N` names what the session holds; none yet when absent.
    const last = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '')?.[1];
    return { state: 'incomplete', received: last === undefined ? 0 : Number(last) + 1 };
  }
  // An expired or unknown session (Google's resumable sessions last a week).
  if (response.status === 404 || response.status === 410) return { state: 'gone' };
  throw youtubeError(response.status, body, response.headers.get('retry-after'));
}

/** A PUT to the session: the bytes from `offset` on, or (no body) a probe of what it holds. */
async function putToSession(
  session: UploadSession,
  token: string,
  signal: AbortSignal,
  timing: AdapterTiming,
  bytes?: { body: ReadableStream<Uint8Array>; offset: number; contentType: string },
): Promise<SessionAnswer> {
  const { sessionUri, uploadBytes } = session;
  const headers: Record<string, string> = bytes
    ? {
        'content-type': bytes.contentType,
        'content-length': String(uploadBytes - bytes.offset),
        'content-range': `bytes ${bytes.offset}-${uploadBytes - 1}/${uploadBytes}`,
      }
    : { 'content-length': '0', 'content-range': `bytes */${uploadBytes}` };
  const init = {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(bytes && { body: withoutFirstBytes(bytes.body, bytes.offset), duplex: 'half' }),
    // 308 here is Resume Incomplete, not a redirect.
    redirect: 'manual',
  } as RequestInit;
  return answerOf(await fetchPlatform('YouTube', sessionUri, init, signal, bytes ? timing.uploadTimeoutMs : timing.requestTimeoutMs));
}

/**
 * What the user is told when YouTube set another privacy status than the one
 * asked (a channel whose uploads YouTube keeps private): never reported as asked.
 */
function privacyNotice(asked: string, actual: string): string {
  return `YouTube made the video ${actual}, not ${asked} as asked. Its visibility can be changed in YouTube Studio.`;
}

/**
 * YouTube through googleapis and its resumable upload protocol: a session is
 * opened (and its URI remembered) with the video's metadata, then the bytes are
 * streamed from the media link in one PUT, whose last byte creates the video.
 * A later attempt resumes the session from what it holds; recovery probes it.
 */
export function youtubeAdapter(config: SchedulerConfig, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...YOUTUBE_TIMING, ...overrides };
  const uploadUrl = apiUrl(config.YOUTUBE_API_URL, 'upload/youtube/v3/videos');
  // googleapis joins its paths to a root that ends with a slash.
  const rootUrl = apiUrl(config.YOUTUBE_API_URL, '/');

  /** googleapis' YouTube client acting with the connection's token. */
  function clientOf(token: string) {
    const auth = new googleAuth.OAuth2();
    auth.setCredentials({ access_token: token });
    return youtube({ version: 'v3', auth, rootUrl });
  }

  /** Opens a resumable session through googleapis (which itself uploads a media body as one multipart request). */
  async function openSession(post: PublishablePost, token: string, size: number, contentType: string, signal: AbortSignal): Promise<UploadSession> {
    try {
      const response = await clientOf(token).videos.insert(
        {
          part: ['snippet', 'status'],
          uploadType: 'resumable',
          requestBody: {
            snippet: { title: youtubeTitle(post.text), description: youtubeDescription(post.text) },
            // The user's choice; a post made before it was asked stays public, as it was then.
            status: { privacyStatus: post.options.youtube?.privacy_status ?? 'public', selfDeclaredMadeForKids: false },
          },
        },
        // The metadata goes to the upload endpoint; the worker, not gaxios, decides on retries.
        {
          url: uploadUrl,
          headers: { 'x-upload-content-length': String(size), 'x-upload-content-type': contentType },
          retry: false,
          timeout: timing.requestTimeoutMs,
          signal,
        },
      );
      // A Headers over HTTP/1.1 (googleapis types it for HTTP/2 as well, as a plain record).
      const sessionUri = new Headers(response.headers as ConstructorParameters<typeof Headers>[0]).get('location');
      if (!sessionUri) throw new PlatformError('transient', 'YouTube opened no upload session.', { status: response.status });
      // The privacy status as sent (gaxios keeps the request's body on the answer): what the video's is compared with.
      const sent = (response.config.data as youtube_v3.Schema$Video | undefined)?.status?.privacyStatus;
      return sessionSchema.parse({ sessionUri, uploadBytes: size, privacyStatus: sent ?? undefined });
    } catch (error) {
      throw error instanceof PlatformError ? error : fromGaxios(error);
    }
  }

  /**
   * The uploaded video as published: its privacy status as YouTube has it
   * now (videos.list, 1 unit of the project's daily 10,000; the upload's own
   * answer where the list does not have it yet), with a notice where it is
   * not the one asked. Read after the last byte was sent, so its failure is
   * transient whatever it is: the video exists, and the next attempt finds
   * it by probing the session, then reads again.
   */
  async function asPublished(post: PublishablePost, video: youtube_v3.Schema$Video & { id: string }, session: UploadSession, token: string, signal: AbortSignal): Promise<PublishedPost> {
    let listed: youtube_v3.Schema$Video | undefined;
    try {
      const { data } = await clientOf(token).videos.list({ part: ['status'], id: [video.id] }, { retry: false, timeout: timing.requestTimeoutMs, signal });
      listed = data.items?.find((item) => item.id === video.id);
    } catch (error) {
      const failure = error instanceof PlatformError ? error : fromGaxios(error);
      throw new PlatformError('transient', `The video reached YouTube, but reading how it went out failed: ${failure.message}`, { status: failure.options.status, cause: failure });
    }
    const published = { platformPostId: video.id, link: linkOf(post, video.id) };
    const actual = (listed ?? video).status?.privacyStatus;
    return actual && actual !== session.privacyStatus ? { ...published, notice: privacyNotice(session.privacyStatus, actual) } : published;
  }

  return {
    platform: 'youtube',
    check: (post) => brokenRule(post, PLATFORM_POST_RULES.youtube),
    // YouTube publishes no per-channel cap and no way to read its quotas at run time: they are answered by its errors (youtubeError).
    rateWindows: async () => [],

    async publish({ post, credentials, steps, signal }): Promise<PublishedPost> {
      const token = requiredToken('youtube', credentials.access_token);
      const remembered = sessionSchema.safeParse(steps.handle);
      let session = remembered.success ? remembered.data : null;
      let offset = 0;
      if (session) {
        const held = await putToSession(session, token, signal, timing);
        if (held.state === 'complete') return asPublished(post, held.video, session, token, signal);
        if (held.state === 'incomplete') offset = held.received;
        else session = null;
      }
      const media = await openMediaLink('YouTube', post.media[0]!, signal, timing.requestTimeoutMs);
      try {
        if (!session) {
          session = await openSession(post, token, media.size, media.contentType, signal);
          await steps.remember(session);
        }
        const upload = session;
        const answer = await steps.create(() => putToSession(upload, token, signal, timing, { body: media.body, offset, contentType: media.contentType }));
        if (answer.state !== 'complete') throw new PlatformError('transient', 'YouTube did not receive the whole video.');
        return await asPublished(post, answer.video, upload, token, signal);
      } finally {
        await media.discard();
      }
    },

    async recover({ post, credentials, handle, signal }) {
      const remembered = sessionSchema.safeParse(handle);
      // No session was opened, so no upload can have finished.
      if (!remembered.success) return { status: 'not_published' };
      const token = requiredToken('youtube', credentials.access_token);
      const held = await putToSession(remembered.data, token, signal, timing);
      if (held.state === 'complete') return { status: 'published', published: await asPublished(post, held.video, remembered.data, token, signal) };
      if (held.state === 'incomplete') return { status: 'not_published' };
      return { status: 'unknown', reason: 'The YouTube upload session has expired, so whether the video was uploaded cannot be checked.' };
    },
  };
}
