import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

/** The member the stand-in's token belongs to, the scopes it was granted, and the organization pages it administers. */
export interface LinkedInMember {
  sub: string;
  name: string;
  accessToken: string;
  scopes: string[];
  administeredOrganizations: string[];
}

/** An uploaded image or video (what initializeUpload made), with its bytes as received. */
export interface LinkedInAsset {
  urn: string;
  kind: 'image' | 'video';
  owner: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  bytes: Buffer;
  /** When its upload URL(s) stop taking bytes (ms), as initializeUpload said. */
  uploadExpiresAt: number;
  size?: number;
  parts?: Array<{ uploadUrl: string; firstByte: number; lastByte: number; etag?: string; bytes?: Buffer }>;
  uploadToken?: string;
  /** Status reads a video stays PROCESSING after finalizeUpload. */
  checksLeft: number;
}

export interface LinkedInPost {
  id: string;
  author: string;
  /** As sent, in LinkedIn's "little" text format. */
  commentary: string;
  /** What members read: the commentary up to the first reserved character left unescaped (LinkedIn drops the rest), unescaped. */
  visibleText: string;
  content?: Record<string, unknown>;
  visibility: string;
  createdAt: number;
}

export interface LinkedInStandIn extends StandInServer {
  member: LinkedInMember;
  posts: LinkedInPost[];
  assets: Map<string, LinkedInAsset>;
  /** LinkedIn-Version values served; null serves the versions of the last twelve months (LinkedIn serves each for a year). */
  activeVersions: string[] | null;
  /** How long initializeUpload's upload URLs take bytes. */
  uploadUrlTtlMs: number;
  /** Create calls the member may make a UTC day (LinkedIn's member limit, reset at midnight UTC); null: no limit. */
  dailyPostLimit: number | null;
  /** The next `times` reads (GET /rest/…) fail with `status` (500 by default), as LinkedIn's reads do now and then; 0 stops failing them. */
  failReads(times: number, status?: 403 | 404 | 500): void;
}

/** The versions LinkedIn serves at `now`: each monthly version for a year after its month (marketing/versioning). */
export function activeLinkedInVersions(now = Date.now()): string[] {
  const date = new Date(now);
  return Array.from({ length: 12 }, (_, back) => {
    const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
    return `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const MEMBER_SCOPES = ['openid', 'profile', 'email', 'w_member_social'];
const PAGE_SCOPES = ['w_organization_social', 'r_organization_social', 'rw_organization_admin'];

const RESERVED = '\\|{}@[]()<>#*_~';
const URL_TOKEN = /^https?:\/\/[^\s()<>[\]{}|\\]+/;
const HASHTAG_TOKEN = /^#[\p{L}\p{N}_]+/u;

/** Reads little text as LinkedIn shows it: escapes resolved, cut at the first reserved character left bare (outside a link or hashtag). */
function visibleTextOf(commentary: string): string {
  let visible = '';
  let i = 0;
  while (i < commentary.length) {
    const token = URL_TOKEN.exec(commentary.slice(i))?.[0] ?? HASHTAG_TOKEN.exec(commentary.slice(i))?.[0];
    if (token) {
      visible += token;
      i += token.length;
      continue;
    }
    const char = commentary[i]!;
    if (char === '\\' && i + 1 < commentary.length) {
      visible += commentary[i + 1];
      i += 2;
      continue;
    }
    if (RESERVED.includes(char)) return visible;
    visible += char;
    i += 1;
  }
  return visible;
}

class RestliError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const unprocessable = (path: string, problem: string) => new RestliError(422, `ERROR :: ${path} :: ${problem}`, { code: 'UNPROCESSABLE_ENTITY' });
const accessDenied = (resource: string) => new RestliError(403, `Not enough permissions to access: ${resource}`, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
/** LinkedIn's 429 for its daily application and member limits (reset at midnight UTC): no Retry-After, no reset time. */
const throttled = () => new RestliError(429, 'Resource level throttle limit for calls to this resource is reached.', { serviceErrorCode: 101 });

function isImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const gif = bytes.subarray(0, 3).toString('latin1') === 'GIF';
  return jpeg || png || gif;
}

/**
 * LinkedIn's versioned REST API for posting: /v2/userinfo, the Images API and
 * the Videos API (initializeUpload, PUT to the upload URLs with ETags,
 * finalizeUpload, status), and the Posts API (create with the id in
 * `x-restli-id`, list by author for organizations). It requires LinkedIn-Version
 * and X-Restli-Protocol-Version: 2.0.0 and answers errors as
 * `{status, serviceErrorCode, code, message}`. It checks the token's scopes
 * (w_member_social for a member's posts and media, w_organization_social for a
 * page's, r_organization_social to list a page's posts), refuses media it never
 * issued, an upload URL past its expiry and a post whose media is not
 * AVAILABLE yet. Scenarios: rate_limited (429, no Retry-After), expired_token
 * (401 REVOKED_ACCESS_TOKEN), refused (422 duplicate content), server_error
 * (500), slow.
 */
export async function startLinkedInStandIn(options: { member?: Partial<LinkedInMember>; videoPartBytes?: number; slowMs?: number } = {}): Promise<LinkedInStandIn> {
  const server = await startStandInServer();
  const member: LinkedInMember = {
    sub: 'aB3dE5fG7h',
    name: 'Ada Baker',
    accessToken: 'AQX-stand-in-linkedin-token',
    scopes: [...MEMBER_SCOPES, ...PAGE_SCOPES],
    administeredOrganizations: ['5515715'],
    ...options.member,
  };
  const partBytes = options.videoPartBytes ?? 4 * 1024 * 1024;
  const posts: LinkedInPost[] = [];
  const assets = new Map<string, LinkedInAsset>();
  const failingReads: Array<403 | 404 | 500> = [];
  const standIn: LinkedInStandIn = Object.assign(server, {
    member,
    posts,
    assets,
    activeVersions: null as string[] | null,
    uploadUrlTtlMs: 86_400_000,
    dailyPostLimit: null as number | null,
    failReads: (times: number, status: 403 | 404 | 500 = 500) => void failingReads.splice(0, failingReads.length, ...Array<403 | 404 | 500>(times).fill(status)),
  });
  let sequence = 7_100_000_000_000_000_000n;
  /** Create calls per UTC day, against dailyPostLimit. */
  const createdOn = new Map<string, number>();

  const assetId = () => `D4E${randomBytes(9).toString('base64url')}`;
  const memberUrn = () => `urn:li:person:${member.sub}`;
  const mayActFor = (urn: unknown) =>
    urn === memberUrn() || (typeof urn === 'string' && member.administeredOrganizations.some((id) => urn === `urn:li:organization:${id}`));

  /** The author (or media owner) checked: a URN the member may act for, with the scope that acting needs (w_member_social or w_organization_social). */
  function requireAuthor(urn: unknown, resource: string): string {
    if (typeof urn !== 'string' || !/^urn:li:(person|organization):[\w-]+$/.test(urn)) throw unprocessable('/author', `"${String(urn)}" is not a person or organization URN`);
    const scope = urn.startsWith('urn:li:organization:') ? 'w_organization_social' : 'w_member_social';
    if (!mayActFor(urn) || !member.scopes.includes(scope)) throw accessDenied(resource);
    return urn;
  }

  /** A read failing as armed by failReads. */
  function failingRead(): RestliError | undefined {
    const status = failingReads.shift();
    if (status === 403) return accessDenied('the requested resource');
    if (status === 404) return new RestliError(404, 'Not Found', { code: 'NOT_FOUND' });
    return status ? new RestliError(500, 'Internal Server Error') : undefined;
  }

  /** The checks every call passes first, in LinkedIn's order: scenario, token, then (for /rest) the version headers. */
  async function guarded(req: StandInRequest, res: ServerResponse, versioned: boolean, answer: () => void | Promise<void>): Promise<void> {
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(options.slowMs ?? 2_000);
    try {
      if (scenario === 'rate_limited') throw throttled();
      if (scenario === 'expired_token') {
        throw new RestliError(401, 'The token used in the request has been revoked by the user', { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' });
      }
      if (bearerOf(req) !== member.accessToken) throw new RestliError(401, 'Invalid access token', { serviceErrorCode: 65600 });
      if (versioned) {
        const version = req.headers['linkedin-version'];
        if (typeof version !== 'string' || !version) {
          throw new RestliError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', { code: 'VERSION_MISSING' });
        }
        if (!(standIn.activeVersions ?? activeLinkedInVersions()).includes(version)) {
          throw new RestliError(426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
        }
        if (req.headers['x-restli-protocol-version'] !== '2.0.0') throw new RestliError(400, 'This resource requires X-Restli-Protocol-Version 2.0.0.', { code: 'ILLEGAL_ARGUMENT' });
      }
      if (scenario === 'refused') throw new RestliError(422, `Content is a duplicate of urn:li:share:${sequence - 1n}`, { code: 'DUPLICATE_POST' });
      if (scenario === 'server_error') throw new RestliError(500, 'Internal Server Error');
      const readFailure = versioned && req.method === 'GET' ? failingRead() : undefined;
      if (readFailure) throw readFailure;
      await answer();
    } catch (error) {
      if (!(error instanceof RestliError)) throw error;
      sendJson(res, error.status, { status: error.status, ...error.extra, message: error.message });
    }
  }

  server.route('GET', '/v2/userinfo', (req, res) =>
    guarded(req, res, false, () =>
      sendJson(res, 200, { sub: member.sub, name: member.name, given_name: member.name.split(' ')[0], family_name: member.name.split(' ')[1] ?? '', locale: { country: 'GB', language: 'en' } }),
    ),
  );

  server.route('POST', '/rest/images', (req, res) =>
    guarded(req, res, true, () => {
      if (req.query.get('action') !== 'initializeUpload') throw new RestliError(400, 'Unsupported action');
      const request = (req.fields.initializeUploadRequest ?? {}) as Record<string, unknown>;
      const owner = requireAuthor(request.owner, 'images.ACTION-initializeUpload');
      const id = assetId();
      const urn = `urn:li:image:${id}`;
      const uploadExpiresAt = Date.now() + standIn.uploadUrlTtlMs;
      assets.set(urn, { urn, kind: 'image', owner, status: 'WAITING_UPLOAD', bytes: Buffer.alloc(0), uploadExpiresAt, checksLeft: 0 });
      sendJson(res, 200, { value: { uploadUrlExpiresAt: uploadExpiresAt, uploadUrl: `${server.url}/dms-uploads/${id}`, image: urn } });
    }),
  );

  /** An image's upload URL: the whole file in one PUT, with the member's token. */
  server.route('PUT', '/dms-uploads/:id', (req, res) =>
    guarded(req, res, false, () => {
      const asset = assets.get(`urn:li:image:${req.params.id}`);
      if (!asset) throw new RestliError(404, 'Upload not found');
      if (Date.now() >= asset.uploadExpiresAt) throw new RestliError(403, 'The upload URL has expired.');
      if (!isImage(req.body)) throw new RestliError(400, 'The uploaded file is not a supported image (JPG, PNG or GIF).');
      Object.assign(asset, { bytes: req.body, status: 'AVAILABLE' });
      res.writeHead(201).end();
    }),
  );

  server.route('POST', '/rest/videos', (req, res) =>
    guarded(req, res, true, () => {
      const action = req.query.get('action');
      if (action === 'initializeUpload') {
        const request = (req.fields.initializeUploadRequest ?? {}) as Record<string, unknown>;
        const owner = requireAuthor(request.owner, 'videos.ACTION-initializeUpload');
        const size = Number(request.fileSizeBytes);
        if (!Number.isSafeInteger(size) || size <= 0) throw unprocessable('/initializeUploadRequest/fileSizeBytes', 'must be a positive number');
        const id = assetId();
        const urn = `urn:li:video:${id}`;
        const parts = Array.from({ length: Math.ceil(size / partBytes) }, (_, i) => ({
          uploadUrl: `${server.url}/dms-uploads/${id}/part/${i}`,
          firstByte: i * partBytes,
          lastByte: Math.min(size, (i + 1) * partBytes) - 1,
        }));
        const uploadToken = parts.length > 1 ? randomBytes(12).toString('hex') : '';
        const uploadExpiresAt = Date.now() + standIn.uploadUrlTtlMs;
        assets.set(urn, { urn, kind: 'video', owner, status: 'WAITING_UPLOAD', bytes: Buffer.alloc(0), uploadExpiresAt, size, parts, uploadToken, checksLeft: 1 });
        sendJson(res, 200, { value: { uploadUrlsExpireAt: uploadExpiresAt, video: urn, uploadInstructions: parts, uploadToken } });
        return;
      }
      if (action === 'finalizeUpload') {
        const request = (req.fields.finalizeUploadRequest ?? {}) as Record<string, unknown>;
        const asset = assets.get(String(request.video));
        if (!asset?.parts) throw unprocessable('/finalizeUploadRequest/video', 'unknown video');
        requireAuthor(asset.owner, 'videos.ACTION-finalizeUpload');
        if (request.uploadToken !== asset.uploadToken) throw unprocessable('/finalizeUploadRequest/uploadToken', 'does not match the upload');
        const etags = asset.parts.map((part) => part.etag);
        if (JSON.stringify(request.uploadedPartIds) !== JSON.stringify(etags)) throw unprocessable('/finalizeUploadRequest/uploadedPartIds', 'do not match the uploaded parts, in order');
        asset.bytes = Buffer.concat(asset.parts.map((part) => part.bytes!));
        asset.status = asset.bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? 'PROCESSING' : 'PROCESSING_FAILED';
        res.writeHead(200).end();
        return;
      }
      throw new RestliError(400, 'Unsupported action');
    }),
  );

  /** A video part's upload URL (pre-signed): its exact bytes; the answer's ETag names the part at finalizeUpload. */
  server.route('PUT', '/dms-uploads/:id/part/:index', (req, res) => {
    const asset = assets.get(`urn:li:video:${req.params.id}`);
    const part = asset?.parts?.[Number(req.params.index)];
    if (!part) return void res.writeHead(404).end();
    if (Date.now() >= asset!.uploadExpiresAt) return void res.writeHead(403).end();
    if (req.body.length !== part.lastByte - part.firstByte + 1) return void res.writeHead(400).end();
    Object.assign(part, { bytes: req.body, etag: `/ambry-video/signedId/${randomBytes(12).toString('base64url')}` });
    res.writeHead(200, { etag: part.etag }).end();
  });

  /** A video's status, to its owner: the member whose video it is, or an administrator of the page (Videos API permissions). */
  server.route('GET', '/rest/videos/:urn', (req, res) =>
    guarded(req, res, true, () => {
      const asset = assets.get(req.params.urn!);
      if (!asset || asset.kind !== 'video') throw new RestliError(404, 'Not Found', { code: 'NOT_FOUND' });
      requireAuthor(asset.owner, 'videos.GET');
      if (asset.status === 'PROCESSING' && asset.checksLeft-- <= 0) asset.status = 'AVAILABLE';
      sendJson(res, 200, {
        id: asset.urn,
        owner: asset.owner,
        status: asset.status,
        ...(asset.status === 'PROCESSING_FAILED' ? { processingFailureReason: 'The video file could not be decoded.' } : {}),
      });
    }),
  );

  function checkContent(content: unknown, author: string): Record<string, unknown> | undefined {
    if (content === undefined) return undefined;
    const value = content as { media?: { id?: unknown }; multiImage?: { images?: Array<{ id?: unknown }> } };
    const ids = value.media ? [value.media.id] : (value.multiImage?.images ?? []).map((image) => image.id);
    if (value.multiImage && (ids.length < 2 || ids.length > 20)) throw unprocessable('/content/multiImage/images', 'must hold 2 to 20 images');
    if (ids.length === 0) throw unprocessable('/content', 'must hold media or multiImage');
    for (const id of ids) {
      const asset = assets.get(String(id));
      if (!asset || asset.owner !== author) throw unprocessable('/content', `${String(id)} is not an asset of the author`);
      if (value.multiImage && asset.kind !== 'image') throw unprocessable('/content/multiImage/images', 'must be images');
      if (asset.status !== 'AVAILABLE') throw unprocessable(value.media ? '/content/media/id' : '/content/multiImage/images', `${asset.urn} is not AVAILABLE (its status is ${asset.status})`);
    }
    return value as Record<string, unknown>;
  }

  server.route('POST', '/rest/posts', (req, res) =>
    guarded(req, res, true, () => {
      // Every call counts against the day's limit, refused or not.
      const today = utcDay(Date.now());
      const calls = (createdOn.get(today) ?? 0) + 1;
      createdOn.set(today, calls);
      if (standIn.dailyPostLimit !== null && calls > standIn.dailyPostLimit) throw throttled();
      const body = req.fields;
      const author = requireAuthor(body.author, 'partnerApiPostsExternal.CREATE');
      if (typeof body.commentary !== 'string') throw unprocessable('/commentary', 'field is required');
      if ([...body.commentary].length > 3000) throw unprocessable('/commentary', 'length exceeds the maximum allowed (3000)');
      if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(String(body.visibility))) throw unprocessable('/visibility', 'is not a valid visibility');
      const distribution = body.distribution as { feedDistribution?: unknown } | undefined;
      if (!['MAIN_FEED', 'NONE'].includes(String(distribution?.feedDistribution))) throw unprocessable('/distribution/feedDistribution', 'field is required');
      if (body.lifecycleState !== 'PUBLISHED') throw unprocessable('/lifecycleState', 'must be PUBLISHED');
      const content = checkContent(body.content, author);
      const id = `urn:li:share:${sequence++}`;
      posts.push({ id, author, commentary: body.commentary, visibleText: visibleTextOf(body.commentary), content, visibility: String(body.visibility), createdAt: Date.now() });
      res.writeHead(201, { 'x-restli-id': id, 'x-linkedin-id': id }).end();
    }),
  );

  /** Posts by author, newest first: organizations only (r_organization_social); members' posts are not readable. */
  server.route('GET', '/rest/posts', (req, res) =>
    guarded(req, res, true, () => {
      if (req.query.get('q') !== 'author') throw new RestliError(400, 'Unsupported finder');
      const author = req.query.get('author') ?? '';
      if (!author.startsWith('urn:li:organization:') || !member.scopes.includes('r_organization_social') || !mayActFor(author)) {
        throw accessDenied('partnerApiPostsExternal.FINDER-author');
      }
      const count = Math.min(Number(req.query.get('count') ?? 10) || 10, 100);
      const elements = posts
        .filter((post) => post.author === author)
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, count)
        .map((post) => ({
          id: post.id,
          author: post.author,
          commentary: post.commentary,
          visibility: post.visibility,
          lifecycleState: 'PUBLISHED',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          createdAt: post.createdAt,
          publishedAt: post.createdAt,
          lastModifiedAt: post.createdAt,
          isReshareDisabledByAuthor: false,
          ...(post.content ? { content: post.content } : {}),
        }));
      sendJson(res, 200, { paging: { start: 0, count, links: [], total: elements.length }, elements });
    }),
  );

  return standIn;
}
