import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type Scenario, type StandInRequest, type StandInServer } from './server.js';

export const YOUTUBE_STAND_IN_TOKEN = 'youtube-access-token';
export const YOUTUBE_STAND_IN_CHANNEL = 'UCstandInChannel000000001';

/** Google's OAuth scopes for YouTube, as a token's grant names them. */
export const YOUTUBE_SCOPES = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  manage: 'https://www.googleapis.com/auth/youtube',
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
  partner: 'https://www.googleapis.com/auth/youtubepartner',
} as const;
/** What the product's connection asks for (organizations' YouTube adapter): the stand-in token's grant. */
const CONNECTION_SCOPES = [YOUTUBE_SCOPES.upload, YOUTUBE_SCOPES.readonly];
// The scopes each method takes, from its reference page (videos/insert, videos/list).
const INSERT_SCOPES: readonly string[] = [YOUTUBE_SCOPES.upload, YOUTUBE_SCOPES.manage, YOUTUBE_SCOPES.forceSsl, YOUTUBE_SCOPES.partner];
const LIST_SCOPES: readonly string[] = [YOUTUBE_SCOPES.readonly, YOUTUBE_SCOPES.manage, YOUTUBE_SCOPES.forceSsl, YOUTUBE_SCOPES.partner];
/**
 * How long a resumable session URI takes bytes: Google's resumable upload
 * protocol gives a session a week (its Drive and Cloud Storage pages; YouTube's
 * guide names no lifetime), after which the URI answers 404.
 */
export const YOUTUBE_SESSION_LIFETIME_MS = 7 * 86_400_000;

/** A video as the Data API returns it (`youtube#video`), with the bytes it was made of. */
export interface YouTubeStandInVideo {
  kind: 'youtube#video';
  id: string;
  snippet: { title: string; description: string; channelId: string; publishedAt: string };
  status: { uploadStatus: 'uploaded'; privacyStatus: string; license: 'youtube'; embeddable: boolean; publicStatsViewable: boolean; selfDeclaredMadeForKids?: boolean };
  bytes: Buffer;
}

/** A resumable upload session: its URI takes the bytes in order until the last one creates the video. */
export interface YouTubeStandInSession {
  uri: string;
  metadata: { snippet: { title: string; description: string }; status: { privacyStatus: string; selfDeclaredMadeForKids?: boolean } };
  totalBytes: number;
  contentType: string;
  received: Buffer[];
  receivedBytes: number;
  video?: YouTubeStandInVideo;
  /** When it was opened: a week later it answers 404 (YOUTUBE_SESSION_LIFETIME_MS); a test moves it back to age it. */
  openedAt: number;
}

export interface YouTubeStandIn extends StandInServer {
  videos: YouTubeStandInVideo[];
  sessions: Map<string, YouTubeStandInSession>;
  /**
   * The next PUT carrying bytes to a session answers as `scenario` (session
   * creation shares its path, so `failNext` reaches that one; `failNext` with
   * `path: '/youtube/v3/videos'` reaches the status reads). With
   * `keepBytes`, the session keeps that many of the bytes first, as when a
   * connection drops mid-upload. 'slow' creates the video, then answers late.
   */
  failNextUpload(scenario: Scenario, options?: { keepBytes?: number }): void;
  /** The next `times` status requests to a session (no bytes, `Content-Range: bytes *\/N`) answer as `scenario`. */
  failNextProbe(scenario: Exclude<Scenario, 'slow'>, options?: { times?: number }): void;
}

export interface YouTubeStandInOptions {
  slowMs?: number;
  /**
   * The project's `videos.insert` bucket (its own since 2026-06-01, 100 calls
   * a day by default): session creation past it answers 429 as
   * google-api-python-client#2753 shows ("Video Uploads per day").
   */
  uploadsPerDay?: number;
  /** The channel's own daily upload limit: session creation past it answers 400 uploadLimitExceeded. */
  channelUploadsPerDay?: number;
  /**
   * YouTube makes every upload private whatever privacyStatus asked, as it
   * did for unaudited API projects from 2020-07-28 until 2026-11-02 (the
   * revision history), and as a channel's own settings still can; the video
   * resource says `privacyStatus: 'private'` and names no reason.
   */
  keepsUploadsPrivate?: boolean;
  /** The tokens the stand-in knows and the scopes each was granted; default: YOUTUBE_STAND_IN_TOKEN with the connection's. */
  tokens?: Record<string, readonly string[]>;
}

const UPLOAD_PATH = '/upload/youtube/v3/videos';
const VIDEOS_PATH = '/youtube/v3/videos';
const PRIVACY = ['public', 'private', 'unlisted'];
const VIDEO_PARTS = ['contentDetails', 'fileDetails', 'id', 'liveStreamingDetails', 'localizations', 'paidProductPlacementDetails', 'player', 'processingDetails', 'recordingDetails', 'snippet', 'statistics', 'status', 'suggestions', 'topicDetails'];

/** Google's error envelope (platforms.md §8.6). */
function googleError(res: ServerResponse, code: number, reason: string, message: string, extra: Record<string, unknown> = {}): void {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain: reason === 'quotaExceeded' ? 'youtube.quota' : 'youtube.video', reason, ...extra }] } });
}

type Answer = Exclude<Scenario, 'slow'>;
const ANSWERS: Record<Answer, (res: ServerResponse) => void> = {
  rate_limited: (res) =>
    googleError(res, 403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'),
  expired_token: (res) =>
    sendJson(res, 401, {
      error: {
        code: 401,
        message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        errors: [{ message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' }],
        status: 'UNAUTHENTICATED',
      },
    }),
  refused: (res) =>
    // The core 'forbidden' of the API's error reference.
    sendJson(res, 403, { error: { code: 403, message: 'Access forbidden. The request may not be properly authorized.', errors: [{ message: 'Access forbidden. The request may not be properly authorized.', domain: 'global', reason: 'forbidden' }] } }),
  server_error: (res) =>
    sendJson(res, 503, { error: { code: 503, message: 'The service is currently unavailable.', errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }], status: 'UNAVAILABLE' } }),
};

/** A token granted none of the scopes a method takes: Google's 403, naming no scope. */
function insufficientScopes(res: ServerResponse, method: string): void {
  sendJson(res, 403, {
    error: {
      code: 403,
      message: 'Request had insufficient authentication scopes.',
      errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
      status: 'PERMISSION_DENIED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
          metadata: { service: 'youtube.googleapis.com', method },
        },
      ],
    },
  });
}

/** Problems with the video's metadata, as videos.insert names them. */
function metadataProblem(body: Record<string, unknown>): [reason: string, message: string] | null {
  const snippet = body.snippet as { title?: unknown; description?: unknown } | undefined;
  const status = body.status as { privacyStatus?: unknown } | undefined;
  const title = snippet?.title;
  if (typeof title !== 'string' || title.trim() === '' || [...title].length > 100 || /[<>]/.test(title)) {
    return ['invalidTitle', 'The request metadata specifies an invalid or empty video title.'];
  }
  const description = snippet?.description ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
    return ['invalidDescription', 'The request metadata specifies an invalid video description.'];
  }
  if (status?.privacyStatus !== undefined && !PRIVACY.includes(String(status.privacyStatus))) {
    return ['invalidVideoMetadata', 'The request metadata is invalid.'];
  }
  return null;
}

/**
 * The YouTube Data API's resumable upload as a local server (platforms.md §8):
 * POST opens a session (Location), PUTs to it carry the bytes (308 Resume
 * Incomplete with Range until the last byte, then 200 with the video), and a
 * PUT with no bytes and `Content-Range: bytes *` over the total asks what it
 * holds; a session a week old answers 404. GET videos (videos.list) reads the
 * channel's videos. Google's error envelope for an unknown token (401), a
 * token whose scopes do not cover the method (403 insufficientPermissions),
 * quota (403 quotaExceeded), the project's daily uploads (429
 * rateLimitExceeded), the channel's (400 uploadLimitExceeded), refusals
 * (403 forbidden, 400 invalid*) and its own failures.
 */
export async function startYouTubeStandIn(options: YouTubeStandInOptions = {}): Promise<YouTubeStandIn> {
  const { slowMs = 2000, uploadsPerDay = Infinity, channelUploadsPerDay = Infinity, keepsUploadsPrivate = false } = options;
  const tokens = options.tokens ?? { [YOUTUBE_STAND_IN_TOKEN]: CONNECTION_SCOPES };
  const server = await startStandInServer();
  const videos: YouTubeStandInVideo[] = [];
  const sessions = new Map<string, YouTubeStandInSession>();
  const uploadFailures: Array<{ scenario: Scenario; keepBytes: number }> = [];
  const probeFailures: Answer[] = [];
  let opened = 0;

  /** The token is known (else 401) and, where a method is named, granted one of its scopes (else 403). */
  function authorized(req: StandInRequest, res: ServerResponse, method?: { name: string; scopes: readonly string[] }): boolean {
    const granted = tokens[bearerOf(req) ?? ''];
    if (!granted) {
      ANSWERS.expired_token(res);
      return false;
    }
    if (method && !granted.some((scope) => method.scopes.includes(scope))) {
      insufficientScopes(res, method.name);
      return false;
    }
    return true;
  }

  server.route('POST', UPLOAD_PATH, async (req, res) => {
    if (!authorized(req, res, { name: 'youtube.api.v3.V3DataVideoService.Insert', scopes: INSERT_SCOPES })) return;
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(slowMs);
    else if (scenario) return ANSWERS[scenario](res);
    if (req.query.get('uploadType') !== 'resumable') return googleError(res, 400, 'badRequest', 'This stand-in takes resumable uploads only (uploadType=resumable).');
    const parts = req.query.getAll('part').flatMap((part) => part.split(','));
    if (!parts.includes('snippet')) return googleError(res, 400, 'required', "'part' must name snippet.", { location: 'part', locationType: 'parameter' });
    if (!req.headers['content-type']?.includes('application/json')) return googleError(res, 400, 'badContent', 'The video metadata must be JSON.');
    const totalBytes = Number(req.headers['x-upload-content-length']);
    if (!Number.isSafeInteger(totalBytes) || totalBytes <= 0) return googleError(res, 400, 'badRequest', 'X-Upload-Content-Length must give the size of the video.');
    const contentType = String(req.headers['x-upload-content-type'] ?? '');
    if (!contentType.startsWith('video/') && contentType !== 'application/octet-stream') {
      return googleError(res, 400, 'badContent', `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`);
    }
    const problem = metadataProblem(req.fields);
    if (problem) return googleError(res, 400, ...problem);
    if (opened >= uploadsPerDay) {
      const message = "Quota exceeded for quota metric 'Video Uploads' and limit 'Video Uploads per day' of service 'youtube.googleapis.com' for consumer 'project_number:000000000000'.";
      return sendJson(res, 429, { error: { code: 429, message, errors: [{ message, domain: 'global', reason: 'rateLimitExceeded' }] } });
    }
    if (opened >= channelUploadsPerDay) return googleError(res, 400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.');
    opened += 1;
    const uri = `${server.url}${UPLOAD_PATH}?uploadType=resumable&upload_id=${randomBytes(12).toString('base64url')}`;
    const { snippet, status } = req.fields as unknown as YouTubeStandInSession['metadata'];
    sessions.set(uri, {
      uri,
      metadata: { snippet, status: status ?? { privacyStatus: 'public' } },
      totalBytes,
      contentType,
      received: [],
      receivedBytes: 0,
      openedAt: Date.now(),
    });
    res.writeHead(200, { location: uri, 'content-length': '0' }).end();
  });

  /** 308 Resume Incomplete, with the bytes held so far. */
  function incomplete(res: ServerResponse, session: YouTubeStandInSession): void {
    res.writeHead(308, { 'content-length': '0', ...(session.receivedBytes > 0 && { range: `bytes=0-${session.receivedBytes - 1}` }) }).end();
  }

  function finish(session: YouTubeStandInSession): YouTubeStandInVideo {
    const { snippet, status } = session.metadata;
    session.video = {
      kind: 'youtube#video',
      id: randomBytes(8).toString('base64url').slice(0, 11),
      snippet: { title: snippet.title, description: snippet.description ?? '', channelId: YOUTUBE_STAND_IN_CHANNEL, publishedAt: new Date().toISOString() },
      status: {
        uploadStatus: 'uploaded',
        // Unset, it is public (videos resource, status.privacyStatus).
        privacyStatus: keepsUploadsPrivate ? 'private' : (status.privacyStatus ?? 'public'),
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
        selfDeclaredMadeForKids: status.selfDeclaredMadeForKids,
      },
      bytes: Buffer.concat(session.received),
    };
    videos.push(session.video);
    return session.video;
  }

  server.route('PUT', UPLOAD_PATH, async (req, res) => {
    if (!authorized(req, res)) return;
    const uploadId = req.query.get('upload_id');
    const session = [...sessions.values()].find((candidate) => new URL(candidate.uri).searchParams.get('upload_id') === uploadId);
    if (!session || Date.now() - session.openedAt > YOUTUBE_SESSION_LIFETIME_MS) return googleError(res, 404, 'notFound', 'Not Found');
    const range = /^bytes (?:\*|(\d+)-(\d+))\/(\d+)$/.exec(String(req.headers['content-range'] ?? `bytes 0-${req.body.length - 1}/${req.body.length}`));
    if (!range || Number(range[3]) !== session.totalBytes) return googleError(res, 400, 'badRequest', 'Content-Range must end with the size given at X-Upload-Content-Length.');
    if (Number(req.headers['content-length'] ?? -1) !== req.body.length) return googleError(res, 400, 'badRequest', 'Content-Length must give the size of the body.');
    // A probe: what the session holds, or the finished video.
    if (range[1] === undefined) {
      if (req.body.length > 0) return googleError(res, 400, 'badRequest', 'A status request carries no bytes.');
      const failure = probeFailures.shift();
      if (failure) return ANSWERS[failure](res);
      return session.video ? sendJson(res, 200, session.video) : incomplete(res, session);
    }
    if (session.video) return sendJson(res, 200, session.video);
    const [first, last] = [Number(range[1]), Number(range[2])];
    if (first !== session.receivedBytes) return googleError(res, 400, 'badRequest', `The upload must resume at byte ${session.receivedBytes}.`);
    if (last - first + 1 !== req.body.length) return googleError(res, 400, 'badRequest', 'Content-Range does not match the bytes sent.');
    const failure = uploadFailures.shift();
    const kept = failure && failure.scenario !== 'slow' ? req.body.subarray(0, failure.keepBytes) : req.body;
    session.received.push(kept);
    session.receivedBytes += kept.length;
    if (failure && failure.scenario !== 'slow') return ANSWERS[failure.scenario](res);
    if (session.receivedBytes < session.totalBytes) return incomplete(res, session);
    const video = finish(session);
    if (failure) await sleep(slowMs);
    sendJson(res, 200, video);
  });

  // videos.list by id: the channel's videos with the parts asked (an id of no video is left out, as YouTube does).
  server.route('GET', VIDEOS_PATH, (req, res) => {
    if (!authorized(req, res, { name: 'youtube.api.v3.V3DataVideoService.List', scopes: LIST_SCOPES })) return;
    const scenario = server.takeScenario(req);
    if (scenario && scenario !== 'slow') return ANSWERS[scenario](res);
    const parts = req.query.getAll('part').flatMap((part) => part.split(','));
    if (parts.length === 0) return googleError(res, 400, 'required', 'Required parameter: part', { location: 'part', locationType: 'parameter' });
    const unknown = parts.find((part) => !VIDEO_PARTS.includes(part));
    if (unknown) return sendJson(res, 400, { error: { code: 400, message: `'${unknown}'`, errors: [{ message: `'${unknown}'`, domain: 'youtube.part', reason: 'unknownPart', location: 'part', locationType: 'parameter' }] } });
    const ids = req.query.getAll('id').flatMap((id) => id.split(','));
    if (ids.length === 0) return googleError(res, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: chart, id, myRating');
    const items = videos
      .filter((video) => ids.includes(video.id))
      .map((video) => ({
        kind: video.kind,
        etag: randomBytes(8).toString('base64url'),
        id: video.id,
        ...(parts.includes('snippet') && { snippet: video.snippet }),
        ...(parts.includes('status') && { status: video.status }),
      }));
    sendJson(res, 200, { kind: 'youtube#videoListResponse', etag: randomBytes(8).toString('base64url'), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
  });

  return Object.assign(server, {
    videos,
    sessions,
    failNextUpload: (scenario: Scenario, failure: { keepBytes?: number } = {}) => void uploadFailures.push({ scenario, keepBytes: failure.keepBytes ?? 0 }),
    failNextProbe: (scenario: Answer, { times = 1 }: { times?: number } = {}) => void probeFailures.push(...Array<Answer>(times).fill(scenario)),
  });
}
