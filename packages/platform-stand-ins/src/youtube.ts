import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type Scenario, type StandInRequest, type StandInServer } from './server.js';

export const YOUTUBE_STAND_IN_TOKEN = 'youtube-access-token';
export const YOUTUBE_STAND_IN_CHANNEL = 'UCstandInChannel000000001';

/** A video as the Data API returns it (`youtube#video`), with the bytes it was made of. */
export interface YouTubeStandInVideo {
  kind: 'youtube#video';
  id: string;
  snippet: { title: string; description: string; channelId: string; publishedAt: string };
  status: { uploadStatus: 'uploaded'; privacyStatus: string; selfDeclaredMadeForKids?: boolean };
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
  /** Answers 404, as a session does a week after it opened. */
  expired: boolean;
}

export interface YouTubeStandIn extends StandInServer {
  videos: YouTubeStandInVideo[];
  sessions: Map<string, YouTubeStandInSession>;
  /**
   * The next PUT carrying bytes to a session answers as `scenario` (session
   * creation shares its path, so `failNext` reaches that one). With
   * `keepBytes`, the session keeps that many of the bytes first, as when a
   * connection drops mid-upload. 'slow' creates the video, then answers late.
   */
  failNextUpload(scenario: Scenario, options?: { keepBytes?: number }): void;
}

export interface YouTubeStandInOptions {
  slowMs?: number;
  /** The undocumented "Video Uploads per day" limit: session creation past it answers 429 rateLimitExceeded. */
  uploadsPerDay?: number;
}

const UPLOAD_PATH = '/upload/youtube/v3/videos';
const PRIVACY = ['public', 'private', 'unlisted'];

/** Google's error envelope (platforms.md §8.6). */
function googleError(res: ServerResponse, code: number, reason: string, message: string, extra: Record<string, unknown> = {}): void {
  sendJson(res, code, { error: { code, message, errors: [{ message, domain: reason === 'quotaExceeded' ? 'youtube.quota' : 'youtube.video', reason, ...extra }] } });
}

const ANSWERS: Record<Exclude<Scenario, 'slow'>, (res: ServerResponse) => void> = {
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
  refused: (res) => googleError(res, 400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.'),
  server_error: (res) =>
    sendJson(res, 503, { error: { code: 503, message: 'The service is currently unavailable.', errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }], status: 'UNAVAILABLE' } }),
};

function authorized(req: StandInRequest, res: ServerResponse): boolean {
  if (bearerOf(req) === YOUTUBE_STAND_IN_TOKEN) return true;
  ANSWERS.expired_token(res);
  return false;
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
 * holds. Google's error envelope
 * for an expired token, quota (403 quotaExceeded), the per-day upload limit
 * (429 rateLimitExceeded), a refusal (400 uploadLimitExceeded, invalid*) and
 * its own failures.
 */
export async function startYouTubeStandIn(options: YouTubeStandInOptions = {}): Promise<YouTubeStandIn> {
  const { slowMs = 2000, uploadsPerDay = Infinity } = options;
  const server = await startStandInServer();
  const videos: YouTubeStandInVideo[] = [];
  const sessions = new Map<string, YouTubeStandInSession>();
  const uploadFailures: Array<{ scenario: Scenario; keepBytes: number }> = [];
  let opened = 0;

  server.route('POST', UPLOAD_PATH, async (req, res) => {
    if (!authorized(req, res)) return;
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
    if (opened >= uploadsPerDay) return googleError(res, 429, 'rateLimitExceeded', 'The user has sent too many requests in a given amount of time.');
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
      expired: false,
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
      status: { uploadStatus: 'uploaded', privacyStatus: status.privacyStatus ?? 'public', selfDeclaredMadeForKids: status.selfDeclaredMadeForKids },
      bytes: Buffer.concat(session.received),
    };
    videos.push(session.video);
    return session.video;
  }

  server.route('PUT', UPLOAD_PATH, async (req, res) => {
    if (!authorized(req, res)) return;
    const uploadId = req.query.get('upload_id');
    const session = [...sessions.values()].find((candidate) => new URL(candidate.uri).searchParams.get('upload_id') === uploadId);
    if (!session || session.expired) return googleError(res, 404, 'notFound', 'Not Found');
    const range = /^bytes (?:\*|(\d+)-(\d+))\/(\d+)$/.exec(String(req.headers['content-range'] ?? `bytes 0-${req.body.length - 1}/${req.body.length}`));
    if (!range || Number(range[3]) !== session.totalBytes) return googleError(res, 400, 'badRequest', 'Content-Range must end with the size given at X-Upload-Content-Length.');
    if (Number(req.headers['content-length'] ?? -1) !== req.body.length) return googleError(res, 400, 'badRequest', 'Content-Length must give the size of the body.');
    // A probe: what the session holds, or the finished video.
    if (range[1] === undefined) {
      if (req.body.length > 0) return googleError(res, 400, 'badRequest', 'A status request carries no bytes.');
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

  return Object.assign(server, {
    videos,
    sessions,
    failNextUpload: (scenario: Scenario, failure: { keepBytes?: number } = {}) => void uploadFailures.push({ scenario, keepBytes: failure.keepBytes ?? 0 }),
  });
}
