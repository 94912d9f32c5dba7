import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerOf, sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

/** The member the stand-in's token belongs to, and the organization pages it administers. */
export interface LinkedInMember {
  sub: string;
  name: string;
  accessToken: string;
  administeredOrganizations: string[];
}

/** An uploaded image or video (what initializeUpload made), with its bytes as received. */
export interface LinkedInAsset {
  urn: string;
  kind: 'image' | 'video';
  owner: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  bytes: Buffer;
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
  /** LinkedIn-Version values served; null serves any well-formed YYYYMM. */
  activeVersions: string[] | null;
}

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
 * `{status, serviceErrorCode, code, message}`. Scenarios: rate_limited (429),
 * expired_token (401 REVOKED_ACCESS_TOKEN), refused (422 duplicate content),
 * server_error (500), slow.
 */
export async function startLinkedInStandIn(options: { member?: Partial<LinkedInMember>; videoPartBytes?: number; slowMs?: number } = {}): Promise<LinkedInStandIn> {
  const server = await startStandInServer();
  const member: LinkedInMember = { sub: 'aB3dE5fG7h', name: 'Ada Baker', accessToken: 'AQX-stand-in-linkedin-token', administeredOrganizations: ['5515715'], ...options.member };
  const partBytes = options.videoPartBytes ?? 4 * 1024 * 1024;
  const posts: LinkedInPost[] = [];
  const assets = new Map<string, LinkedInAsset>();
  const standIn: LinkedInStandIn = Object.assign(server, { member, posts, assets, activeVersions: null as string[] | null });
  let sequence = 7_100_000_000_000_000_000n;

  const assetId = () => `D4E${randomBytes(9).toString('base64url')}`;
  const memberUrn = () => `urn:li:person:${member.sub}`;
  const mayActFor = (urn: unknown) =>
    urn === memberUrn() || (typeof urn === 'string' && member.administeredOrganizations.some((id) => urn === `urn:li:organization:${id}`));

  function requireAuthor(urn: unknown, resource: string): string {
    if (typeof urn !== 'string' || !/^urn:li:(person|organization):[\w-]+$/.test(urn)) throw unprocessable('/author', `"${String(urn)}" is not a person or organization URN`);
    if (!mayActFor(urn)) throw new RestliError(403, `Not enough permissions to access: ${resource}`, { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    return urn;
  }

  /** The checks every call passes first, in LinkedIn's order: scenario, token, then (for /rest) the version headers. */
  async function guarded(req: StandInRequest, res: ServerResponse, versioned: boolean, answer: () => void | Promise<void>): Promise<void> {
    const scenario = server.takeScenario(req);
    if (scenario === 'slow') await sleep(options.slowMs ?? 2_000);
    try {
      if (scenario === 'rate_limited') throw new RestliError(429, 'Resource level throttle limit for calls to this resource is reached.', { serviceErrorCode: 101 });
      if (scenario === 'expired_token') {
        throw new RestliError(401, 'The token used in the request has been revoked by the user', { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' });
      }
      if (bearerOf(req) !== member.accessToken) throw new RestliError(401, 'Invalid access token', { serviceErrorCode: 65600 });
      if (versioned) {
        const version = req.headers['linkedin-version'];
        if (typeof version !== 'string' || !version) {
          throw new RestliError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', { code: 'VERSION_MISSING' });
        }
        if (!/^\d{6}(\.\d{2})?$/.test(version) || (standIn.activeVersions && !standIn.activeVersions.includes(version))) {
          throw new RestliError(426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' });
        }
        if (req.headers['x-restli-protocol-version'] !== '2.0.0') throw new RestliError(400, 'This resource requires X-Restli-Protocol-Version 2.0.0.', { code: 'ILLEGAL_ARGUMENT' });
      }
      if (scenario === 'refused') throw new RestliError(422, `Content is a duplicate of urn:li:share:${sequence - 1n}`, { code: 'DUPLICATE_POST' });
      if (scenario === 'server_error') throw new RestliError(500, 'Internal Server Error');
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
      assets.set(urn, { urn, kind: 'image', owner, status: 'WAITING_UPLOAD', bytes: Buffer.alloc(0), checksLeft: 0 });
      sendJson(res, 200, { value: { uploadUrlExpiresAt: Date.now() + 86_400_000, uploadUrl: `${server.url}/dms-uploads/${id}`, image: urn } });
    }),
  );

  /** An image's upload URL: the whole file in one PUT, with the member's token. */
  server.route('PUT', '/dms-uploads/:id', (req, res) =>
    guarded(req, res, false, () => {
      const asset = assets.get(`urn:li:image:${req.params.id}`);
      if (!asset) throw new RestliError(404, 'Upload not found');
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
        assets.set(urn, { urn, kind: 'video', owner, status: 'WAITING_UPLOAD', bytes: Buffer.alloc(0), size, parts, uploadToken, checksLeft: 1 });
        sendJson(res, 200, { value: { uploadUrlsExpireAt: Date.now() + 86_400_000, video: urn, uploadInstructions: parts, uploadToken } });
        return;
      }
      if (action === 'finalizeUpload') {
        const request = (req.fields.finalizeUploadRequest ?? {}) as Record<string, unknown>;
        const asset = assets.get(String(request.video));
        if (!asset?.parts) throw unprocessable('/finalizeUploadRequest/video', 'unknown video');
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
    const part = assets.get(`urn:li:video:${req.params.id}`)?.parts?.[Number(req.params.index)];
    if (!part) return void res.writeHead(404).end();
    if (req.body.length !== part.lastByte - part.firstByte + 1) return void res.writeHead(400).end();
    Object.assign(part, { bytes: req.body, etag: `/ambry-video/signedId/${randomBytes(12).toString('base64url')}` });
    res.writeHead(200, { etag: part.etag }).end();
  });

  /** A video's status; LinkedIn lets only organization tokens read media back (a member's token is write-only). */
  server.route('GET', '/rest/videos/:urn', (req, res) =>
    guarded(req, res, true, () => {
      const asset = assets.get(req.params.urn!);
      if (!asset) throw new RestliError(404, 'Not found');
      if (!asset.owner.startsWith('urn:li:organization:')) throw new RestliError(403, 'Not enough permissions to access: videos.GET', { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
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
      if (asset.status === 'WAITING_UPLOAD' || asset.status === 'PROCESSING_FAILED') throw unprocessable('/content', `${asset.urn} is not uploaded`);
    }
    return value as Record<string, unknown>;
  }

  server.route('POST', '/rest/posts', (req, res) =>
    guarded(req, res, true, () => {
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
      if (!author.startsWith('urn:li:organization:')) {
        throw new RestliError(403, 'Not enough permissions to access: partnerApiPostsExternal.FINDER-author', { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
      }
      requireAuthor(author, 'partnerApiPostsExternal.FINDER-author');
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
