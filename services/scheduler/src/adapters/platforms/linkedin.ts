import { ConnectionMessages, LINKEDIN_API_VERSION, LINKEDIN_REST_HEADERS, type ConnectionCredentials } from '@planner/contracts';
import { brokenRule, LINKEDIN_VIDEO_TYPES, PLATFORM_POST_RULES } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { untilAfterNextUtcMidnight } from '../../domain/utc-day.js';
import { requiredToken } from './credentials.js';
import type { PlatformAdapter, PublishableMedia, PublishablePost, RecoveryCheck } from './platform-adapter.js';
import { kindOfStatus, PlatformError, retryAfterMs } from './platform-error.js';
import { openMediaLink, piecesOf } from './media-link.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform, pollUntil, readJson, type AdapterTiming } from './platform-fetch.js';

const PLATFORM = 'LinkedIn';
/** LinkedIn publishes no per-member cap; 150 posts a day is the figure integrators quote. */
const DAILY_POSTS = { limit: 150, windowMs: 86_400_000 };
/** How far LinkedIn's clock may be behind ours when a recovery matches a post's creation time. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What an attempt remembers: the author, each media item's URN once uploaded, and when the create call began. */
interface LinkedInHandle {
  author?: string;
  media_urns?: string[];
  attempted_at?: string;
}

interface UploadedPost {
  id?: string;
  commentary?: string;
  createdAt?: number;
  content?: { media?: { id?: string }; multiImage?: { images?: Array<{ id?: string }> } };
}

const isVideo = (media: PublishableMedia) => LINKEDIN_VIDEO_TYPES.includes(media.contentType);
const isOrganization = (author: string) => author.startsWith('urn:li:organization:');
const linkOf = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;

/**
 * Post text in LinkedIn's "little" format: reserved characters escaped, since
 * LinkedIn silently drops the text after the first bare one; links and
 * #hashtags are left as they are, so they still link.
 */
function littleText(text: string): string {
  return text.replace(/(https?:\/\/[^\s()<>[\]{}|\\]+)|(#[\p{L}\p{N}_]+)|([\\|{}@[\]()<>#*_~])/gu, (match, _url, _tag, reserved: string | undefined) =>
    reserved ? `\\${reserved}` : match,
  );
}

function linkedinError(res: Response, body: Record<string, unknown>): PlatformError {
  const message = typeof body.message === 'string' ? body.message : '';
  const options = { status: res.status };
  // Not worded by the spec.
  if (res.status === 426 || body.code === 'NONEXISTENT_VERSION') {
    return new PlatformError('permanent', `LinkedIn no longer serves the API version this server uses (${LINKEDIN_API_VERSION}). The server needs an update.`, options);
  }
  const kind = kindOfStatus(res.status);
  switch (kind) {
    case 'auth':
      return new PlatformError('auth', ConnectionMessages.reconnectNeeded(PLATFORM), options);
    case 'rate_limited':
      // LinkedIn's limits are daily, per app and per member, reset at midnight UTC, and its 429 names no wait (shared/api-guide/concepts/rate-limits).
      return new PlatformError('rate_limited', "LinkedIn's daily limit of calls for this account or app was reached; it resets at midnight UTC.", {
        ...options,
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')) ?? untilAfterNextUtcMidnight(Date.now()),
      });
    case 'transient':
      return new PlatformError('transient', 'LinkedIn failed on its side. It will be tried again.', options);
    default:
      return new PlatformError('permanent', res.status === 403 ? `LinkedIn did not allow this: ${message || 'access denied'}.` : `LinkedIn refused the post: ${message || `HTTP ${res.status}`}.`, options);
  }
}

/**
 * A refused upload PUT. Past the link's expiry (`uploadUrlExpiresAt`, in ms) it
 * is transient: nothing was remembered of it, so the next attempt starts a new upload.
 */
function uploadFailed(status: number, expiresAt: unknown): PlatformError {
  if (typeof expiresAt === 'number' && Date.now() >= expiresAt) {
    return new PlatformError('transient', "LinkedIn's upload link expired before the upload finished. It will be tried again with a new one.", { status });
  }
  const kind = status >= 500 || status === 408 ? 'transient' : 'permanent';
  return new PlatformError(kind, `LinkedIn refused the media upload (HTTP ${status}).${kind === 'transient' ? ' It will be tried again.' : ''}`, { status });
}

const urnOf = (kind: 'person' | 'organization', id: unknown) => (String(id).startsWith('urn:li:') ? String(id) : `urn:li:${kind}:${String(id)}`);

/** The media URNs of a listed post, in order. */
function mediaOf(post: UploadedPost): string[] {
  const content = post.content;
  if (content?.media?.id) return [content.media.id];
  return (content?.multiImage?.images ?? []).map((image) => image.id ?? '');
}

/**
 * LinkedIn Posts API: text, an image, 2–20 images (multiImage) or a video, as a
 * member or an organization page. Media are uploaded first (their URNs
 * remembered), then POST /rest/posts creates the post. An interrupted create is
 * checked by listing an organization's recent posts; a member's posts cannot be
 * listed, so there it stays in doubt.
 */
export function linkedinAdapter(config: SchedulerConfig, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...DEFAULT_TIMING, ...overrides };
  const { requestTimeoutMs, uploadTimeoutMs } = timing;

  async function rest(token: string, method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...LINKEDIN_REST_HEADERS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const res = await fetchPlatform(PLATFORM, apiUrl(config.LINKEDIN_API_URL, path), init, signal, requestTimeoutMs);
    const json = await readJson(PLATFORM, res);
    if (!res.ok) throw linkedinError(res, json);
    return { res, json };
  }

  /** Who posts: the organization page or member organizations keeps, else the member the token belongs to. */
  async function authorOf(credentials: ConnectionCredentials, token: string, signal: AbortSignal): Promise<string> {
    const { organization_id: organization, person_id: person } = credentials.specific_data;
    if (organization) return urnOf('organization', organization);
    if (person) return urnOf('person', person);
    // Organizations keeps the member's name only; the OpenID userinfo every member token may read names the member's id.
    const { json } = await rest(token, 'GET', 'v2/userinfo', undefined, signal);
    if (typeof json.sub !== 'string' || !json.sub) throw new PlatformError('permanent', 'LinkedIn did not say which member this connection is.');
    return urnOf('person', json.sub);
  }

  async function uploadImage(token: string, author: string, media: PublishableMedia, signal: AbortSignal): Promise<string> {
    const { json } = await rest(token, 'POST', 'rest/images?action=initializeUpload', { initializeUploadRequest: { owner: author } }, signal);
    const value = json.value as { uploadUrl: string; uploadUrlExpiresAt?: number; image: string };
    const image = await openMediaLink(PLATFORM, media, signal, requestTimeoutMs);
    const headers = { authorization: `Bearer ${token}`, 'content-type': media.contentType, 'content-length': String(image.size) };
    const init = { method: 'PUT', body: image.body, headers, duplex: 'half' } as RequestInit;
    const res = await fetchPlatform(PLATFORM, value.uploadUrl, init, signal, uploadTimeoutMs);
    await res.body?.cancel();
    if (!res.ok) throw uploadFailed(res.status, value.uploadUrlExpiresAt);
    return value.image;
  }

  /** initializeUpload, a PUT per part of LinkedIn's upload instructions (each answering an ETag), finalizeUpload. */
  async function uploadVideo(token: string, author: string, media: PublishableMedia, signal: AbortSignal): Promise<string> {
    const video = await openMediaLink(PLATFORM, media, signal, requestTimeoutMs);
    let value: { video: string; uploadToken?: string; uploadUrlsExpireAt?: number; uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }> };
    try {
      const request = { initializeUploadRequest: { owner: author, fileSizeBytes: video.size, uploadCaptions: false, uploadThumbnail: false } };
      value = (await rest(token, 'POST', 'rest/videos?action=initializeUpload', request, signal)).json.value as typeof value;
    } catch (error) {
      await video.discard();
      throw error;
    }
    const parts = [...value.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte);
    const etags: string[] = [];
    for await (const bytes of piecesOf(PLATFORM, video.body, parts.map((part) => part.lastByte - part.firstByte + 1))) {
      const init = { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream' } };
      const res = await fetchPlatform(PLATFORM, parts[etags.length]!.uploadUrl, init, signal, uploadTimeoutMs);
      await res.body?.cancel();
      const etag = res.headers.get('etag');
      if (!res.ok || !etag) throw uploadFailed(res.status, value.uploadUrlsExpireAt);
      etags.push(etag);
    }
    const finalize = { finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken ?? '', uploadedPartIds: etags } };
    await rest(token, 'POST', 'rest/videos?action=finalizeUpload', finalize, signal);
    return value.video;
  }

  /**
   * Waits until LinkedIn processed the video: a post naming one that is not
   * AVAILABLE is refused. The owner's token reads it, a member's as well as a
   * page's (Videos API: "for videos with member URN owners, the caller needs to match the video owner").
   */
  async function videoAvailable(token: string, urn: string, signal: AbortSignal): Promise<void> {
    const video = await pollUntil(
      PLATFORM,
      {
        read: async () => (await rest(token, 'GET', `rest/videos/${encodeURIComponent(urn)}`, undefined, signal)).json,
        settled: (json) => json.status === 'AVAILABLE' || json.status === 'PROCESSING_FAILED',
        outlasted: () => new PlatformError('transient', 'LinkedIn is still processing the video. It will be tried again.'),
      },
      timing,
      signal,
    );
    if (video.status === 'PROCESSING_FAILED') {
      const reason = typeof video.processingFailureReason === 'string' && video.processingFailureReason ? ` (${video.processingFailureReason.replace(/\.$/, '')})` : '';
      throw new PlatformError('permanent', `LinkedIn could not process the video${reason}. Try another MP4 file.`);
    }
  }

  function postBody(author: string, post: PublishablePost, urns: string[]) {
    const content =
      urns.length === 0 ? undefined : urns.length === 1 ? { media: { id: urns[0] } } : { multiImage: { images: urns.map((id) => ({ id })) } };
    return {
      author,
      commentary: littleText(post.text),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...(content ? { content } : {}),
    };
  }

  return {
    platform: 'linkedin',

    check: (post) => brokenRule(post, PLATFORM_POST_RULES.linkedin),

    async rateWindows() {
      return [DAILY_POSTS];
    },

    async publish({ post, credentials, steps, signal }) {
      const token = requiredToken('linkedin', credentials.access_token);
      const remembered = steps.handle as LinkedInHandle;
      const author = remembered.author ?? (await authorOf(credentials, token, signal));
      // Uploaded media stay invisible until a post uses them: each URN is kept as it comes, and reused by a later attempt.
      const urns = [...(remembered.media_urns ?? [])];
      for (const [i, media] of post.media.entries()) {
        if (urns[i]) continue;
        urns[i] = isVideo(media) ? await uploadVideo(token, author, media, signal) : await uploadImage(token, author, media, signal);
        await steps.remember({ author, media_urns: [...urns] });
      }
      if (post.media.some(isVideo)) await videoAvailable(token, urns[0]!, signal);
      await steps.remember({ author, media_urns: urns, attempted_at: new Date().toISOString() });
      const { res } = await steps.create(() => rest(token, 'POST', 'rest/posts', postBody(author, post, urns), signal));
      const id = res.headers.get('x-restli-id');
      if (!id) throw new PlatformError('transient', 'LinkedIn created the post but did not say its id.');
      return { platformPostId: id, link: linkOf(id) };
    },

    async recover({ post, credentials, handle, signal }): Promise<RecoveryCheck> {
      const token = requiredToken('linkedin', credentials.access_token);
      const remembered = handle as LinkedInHandle;
      const author = remembered.author ?? (await authorOf(credentials, token, signal));
      // Not worded by the spec.
      const checkYourself = 'Check the LinkedIn account, then confirm it or publish again.';
      if (!isOrganization(author)) return { status: 'unknown', reason: `LinkedIn does not let apps read a member's posts, so an interrupted post cannot be checked. ${checkYourself}` };
      let listed: UploadedPost[];
      try {
        const query = new URLSearchParams({ author, q: 'author', count: '20', sortBy: 'LAST_MODIFIED' });
        listed = ((await rest(token, 'GET', `rest/posts?${query}`, undefined, signal)).json.elements ?? []) as UploadedPost[];
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'permanent') return { status: 'unknown', reason: `${error.message} ${checkYourself}` };
        throw error;
      }
      const commentary = littleText(post.text);
      const since = remembered.attempted_at ? Date.parse(remembered.attempted_at) - CLOCK_SKEW_MS : 0;
      const urns = JSON.stringify(remembered.media_urns ?? []);
      const match = listed.find((item) => item.id && item.commentary === commentary && (item.createdAt ?? 0) >= since && JSON.stringify(mediaOf(item)) === urns);
      return match?.id ? { status: 'published', published: { platformPostId: match.id, link: linkOf(match.id) } } : { status: 'not_published' };
    },
  };
}
