import { randomBytes } from 'node:crypto';
import { fetchMedia, field, GraphFaults, graphTokenOf, graphAnswers, graphId, graphList, graphRouter, pickFields, sendGraphError, servesGraphVersion, type GraphAnswer } from './meta-graph.js';
import { sendJson, startStandInServer, type StandInRequest, type StandInServer } from './server.js';

export interface FacebookStandInOptions {
  pageId?: string;
  /** The page access token every call must carry. */
  pageToken?: string;
  /** The long-lived user token organizations holds: it is exchanged for another, and reads the Page's token again. */
  userToken?: string;
  appId?: string;
  appSecret?: string;
  slowMs?: number;
}

/** What the Page shows: its posts (published_posts), with the kind of call that made each. */
export interface FacebookStandInPost {
  id: string;
  kind: 'status' | 'photo' | 'video' | 'reel';
  message: string;
  created_time: string;
  permalink_url: string;
  /** Photo ids of a multi-photo post. */
  attachments: string[];
}

export interface FacebookStandInPhoto {
  id: string;
  url: string;
  published: boolean;
}

export type VideoPhase = 'not_started' | 'in_progress' | 'complete' | 'error';

/** A video of /videos, or an upload session of /video_reels or /video_stories, with the phases its status shows. */
export interface FacebookStandInVideo {
  id: string;
  edge: 'videos' | 'video_reels' | 'video_stories';
  description: string;
  created_time: string;
  permalink_url: string;
  uploading: VideoPhase;
  /** Status reads still showing the upload in progress (Meta is fetching the file_url). */
  uploadReads: number;
  publishing: VideoPhase;
}

export interface FacebookStandInStory {
  post_id: string;
  media_id: string;
  media_type: 'photo' | 'video';
  status: 'PUBLISHED';
  creation_time: string;
  url: string;
}

export interface FacebookStandIn extends StandInServer {
  pageId: string;
  /** The Page token Graph accepts now. */
  readonly pageToken: string;
  /** User tokens Graph accepts (the first one's and each exchanged one). */
  userTokens: Set<string>;
  /** Graph stops taking the Page token (code 190), as after a password change: the user token reads a new one. */
  revokePageToken(): void;
  posts: FacebookStandInPost[];
  photos: Map<string, FacebookStandInPhoto>;
  videos: Map<string, FacebookStandInVideo>;
  stories: FacebookStandInStory[];
  /** State reads (a video's status, the Page's lists) failing, and create calls whose answer is lost. */
  faults: GraphFaults;
}

/** Graph's time format, e.g. 2025-07-01T10:00:00+0000. */
const graphTime = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');

/**
 * Facebook Pages on the Graph API (any version Meta serves; others answer 2635): /feed (text, link, attached_media),
 * /photos by url (published or not), /videos by file_url, reels and video
 * stories in three phases with an rupload-style upload_url taking a file_url
 * header, photo stories, the Page's post, video and story lists and the video
 * status the recovery checks read. Errors in Graph's envelope: throttling
 * (80001 with X-Business-Use-Case-Usage), an expired token (190), a duplicate
 * post (506), a server error (2).
 */
export async function startFacebookStandIn(options: FacebookStandInOptions = {}): Promise<FacebookStandIn> {
  const server = await startStandInServer();
  const pageId = options.pageId ?? '104000000000001';
  let pageToken = options.pageToken ?? 'facebook-page-token';
  const userTokens = new Set([options.userToken ?? 'facebook-user-token']);
  const app = { id: options.appId ?? 'facebook-app', secret: options.appSecret ?? 'facebook-app-secret' };
  const posts: FacebookStandInPost[] = [];
  const photos = new Map<string, FacebookStandInPhoto>();
  const videos = new Map<string, FacebookStandInVideo>();
  const stories: FacebookStandInStory[] = [];
  const v = '/:version';
  const faults = new GraphFaults();

  const usage = (callCount: number, minutes: number) => ({
    'x-business-use-case-usage': JSON.stringify({
      [pageId]: [{ type: 'pages', call_count: callCount, total_cputime: 5, total_time: 7, estimated_time_to_regain_access: minutes }],
    }),
  });
  const route = graphRouter(server, {
    token: () => pageToken,
    servesVersion: (version) => servesGraphVersion(version),
    slowMs: options.slowMs ?? 1500,
    usageHeaders: () => usage(4, 0),
    rateLimited: () => ({
      status: 400,
      error: { message: '(#80001) There have been too many calls to this Page account. Wait a bit and try again.', code: 80001, is_transient: true },
      headers: usage(100, 7),
    }),
    refused: () => ({
      status: 400,
      error: {
        message: '(#506) Duplicate status message',
        code: 506,
        error_subcode: 1455006,
        is_transient: false,
        error_user_title: 'Duplicate Post',
        error_user_msg: 'This status update is identical to the last one you posted. Try posting something different, or delete your previous update.',
      },
    }),
  });

  /** Page routes answer only for this page, as Graph does for an id the token cannot see. */
  const pageRoute = (method: string, edge: string, handler: (req: StandInRequest) => Promise<GraphAnswer | unknown> | GraphAnswer | unknown) =>
    route(method, `${v}/:pageId/${edge}`, async (req, res) => {
      if (req.params.pageId !== pageId) return sendGraphError(res, graphAnswers.notFound(req.params.pageId!));
      const answer = await handler(req);
      if (isGraphAnswer(answer)) sendGraphError(res, answer);
      else sendJson(res, 200, answer);
    });

  const addPost = (kind: FacebookStandInPost['kind'], message: string, attachments: string[] = []) => {
    const id = `${pageId}_${graphId()}`;
    const post = { id, kind, message, attachments, created_time: graphTime(), permalink_url: `https://www.facebook.com/${pageId}/posts/${id.split('_')[1]}` };
    posts.unshift(post);
    return post;
  };
  const addStory = (mediaId: string, mediaType: FacebookStandInStory['media_type']) => {
    const story = { post_id: graphId(), media_id: mediaId, media_type: mediaType, status: 'PUBLISHED' as const, creation_time: graphTime(), url: '' };
    story.url = `https://www.facebook.com/stories/${pageId}/${story.post_id}/`;
    stories.unshift(story);
    return story;
  };

  const newVideo = (edge: FacebookStandInVideo['edge'], description: string) => {
    const id = graphId();
    const video: FacebookStandInVideo = {
      id,
      edge,
      description,
      created_time: graphTime(),
      permalink_url: edge === 'video_reels' ? `/reel/${id}/` : `/${pageId}/videos/${id}/`,
      uploading: 'not_started',
      uploadReads: 1,
      publishing: 'not_started',
    };
    videos.set(id, video);
    return video;
  };

  pageRoute('POST', 'feed', (req) => {
    const message = field(req, 'message') ?? '';
    const attached = req.fields.attached_media;
    const attachments = Array.isArray(attached) ? attached.map((item) => String((item as { media_fbid?: unknown }).media_fbid ?? '')) : [];
    if (!message && !field(req, 'link') && attachments.length === 0) return graphAnswers.missingParameter('message, link or attached_media');
    const unusable = attachments.find((id) => photos.get(id)?.published !== false);
    if (unusable) return graphAnswers.invalidParameter(`attached_media: ${unusable} is not an unpublished photo of this Page`);
    for (const id of attachments) photos.get(id)!.published = true;
    const created = addPost(attachments.length ? 'photo' : 'status', message, attachments);
    return faults.takeLostAnswer() ? graphAnswers.serverError : { id: created.id };
  });

  pageRoute('POST', 'photos', async (req) => {
    const url = field(req, 'url');
    if (!url) return graphAnswers.missingParameter('url');
    const fetched = await fetchMedia(url);
    if (!fetched.ok || !fetched.contentType.startsWith('image/')) return { status: 400, error: { message: '(#324) Missing or invalid image file', code: 324 } };
    const photo = { id: graphId(), url, published: field(req, 'published') !== 'false' };
    photos.set(photo.id, photo);
    if (!photo.published) return { id: photo.id };
    return { id: photo.id, post_id: addPost('photo', field(req, 'caption') ?? field(req, 'message') ?? '', [photo.id]).id };
  });

  pageRoute('POST', 'videos', async (req) => {
    const fileUrl = field(req, 'file_url');
    if (!fileUrl) return graphAnswers.missingParameter('file_url or source');
    const fetched = await fetchMedia(fileUrl);
    if (!fetched.ok || !fetched.contentType.startsWith('video/')) return { status: 400, error: { message: '(#351) There was a problem with your video file', code: 351 } };
    const video = newVideo('videos', field(req, 'description') ?? '');
    video.uploading = 'complete';
    video.publishing = 'complete';
    addPost('video', video.description);
    return faults.takeLostAnswer() ? graphAnswers.serverError : { id: video.id };
  });

  /** Reels and video stories: start gives an upload_url, finish publishes what was uploaded. */
  for (const edge of ['video_reels', 'video_stories'] as const) {
    pageRoute('POST', edge, (req) => {
      const phase = field(req, 'upload_phase');
      if (phase === 'start') {
        const video = newVideo(edge, '');
        return { video_id: video.id, upload_url: `${server.url}/video-upload/${req.params.version}/${video.id}` };
      }
      if (phase !== 'finish') return graphAnswers.invalidParameter('upload_phase must be start or finish');
      const video = videos.get(field(req, 'video_id') ?? '');
      if (!video || video.edge !== edge) return graphAnswers.invalidParameter('video_id is not an upload session of this Page');
      if (video.uploading !== 'complete') return graphAnswers.invalidParameter('The video has not been uploaded yet');
      if (video.publishing === 'complete') return graphAnswers.invalidParameter('The video has already been published');
      video.publishing = 'complete';
      if (edge === 'video_stories') return { success: true, post_id: addStory(video.id, 'video').post_id };
      if (field(req, 'video_state') !== 'PUBLISHED') return graphAnswers.invalidParameter('video_state must be PUBLISHED, DRAFT or SCHEDULED');
      video.description = field(req, 'description') ?? '';
      addPost('reel', video.description);
      return { success: true };
    });
  }

  pageRoute('POST', 'photo_stories', (req) => {
    const photo = photos.get(field(req, 'photo_id') ?? '');
    if (!photo || photo.published) return graphAnswers.invalidParameter('photo_id must be an unpublished photo of this Page');
    photo.published = true;
    return { success: true, post_id: addStory(photo.id, 'photo').post_id };
  });

  const listed = (list: (req: StandInRequest) => unknown) => (req: StandInRequest) => faults.takeRead(req.params.pageId!) ?? list(req);
  const listPosts = listed((req) => graphList(req, posts, 'created_time'));
  pageRoute('GET', 'published_posts', listPosts);
  pageRoute('GET', 'feed', listPosts);
  pageRoute('GET', 'videos', listed((req) => graphList(req, [...videos.values()].filter((video) => video.publishing === 'complete').reverse(), 'created_time')));
  pageRoute('GET', 'stories', listed((req) => graphList(req, stories, 'creation_time')));

  // Facebook Login: a valid user token exchanged for a new long-lived one (fb_exchange_token).
  server.route('GET', `${v}/oauth/access_token`, (req, res) => {
    if (!servesGraphVersion(req.params.version!)) return sendGraphError(res, graphAnswers.deprecatedVersion);
    const q = req.query;
    if (q.get('client_id') !== app.id || q.get('client_secret') !== app.secret) return sendGraphError(res, { status: 400, error: { message: 'Error validating client secret.', code: 1 } });
    if (q.get('grant_type') !== 'fb_exchange_token' || !userTokens.has(q.get('fb_exchange_token') ?? '')) return sendGraphError(res, graphAnswers.expiredToken);
    const token = `facebook-user-token-${randomBytes(8).toString('hex')}`;
    userTokens.add(token);
    sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
  });

  // The Page read with a user token: its `access_token` is the Page token (pages-api: "Get a Page Access Token").
  server.route('GET', `${v}/${pageId}`, (req, res) => {
    if (!servesGraphVersion(req.params.version!)) return sendGraphError(res, graphAnswers.deprecatedVersion);
    const token = graphTokenOf(req) ?? '';
    if (!userTokens.has(token) && token !== pageToken) return sendGraphError(res, graphAnswers.invalidToken);
    sendJson(res, 200, pickFields(req, { id: pageId, name: 'Stand-in Page', ...(userTokens.has(token) && { access_token: pageToken }) }));
  });

  route('GET', `${v}/:id`, (req, res) => {
    const id = req.params.id!;
    const video = videos.get(id);
    const failure = video ? faults.takeRead(id) : null;
    if (failure) return sendGraphError(res, failure);
    if (video) {
      if (video.uploading === 'in_progress' && --video.uploadReads <= 0) video.uploading = 'complete';
      return sendJson(res, 200, pickFields(req, { ...video, status: videoStatus(video) }));
    }
    const post = posts.find((item) => item.id === id);
    if (post) return sendJson(res, 200, pickFields(req, post));
    const story = stories.find((item) => item.post_id === id);
    if (story) return sendJson(res, 200, pickFields(req, { ...story, id, permalink_url: story.url }));
    const photo = photos.get(id);
    if (photo) return sendJson(res, 200, pickFields(req, { ...photo, permalink_url: `https://www.facebook.com/photo/?fbid=${id}` }));
    sendGraphError(res, graphAnswers.notFound(id));
  });

  // rupload: the upload_url of a reel or story session; Meta fetches the file_url header itself.
  server.route('POST', `/video-upload${v}/:videoId`, async (req, res) => {
    const scenario = server.takeScenario(req);
    if (scenario === 'server_error') return sendJson(res, 500, { debug_info: { retriable: true, type: 'ServerError', message: 'Please retry.' } });
    const video = videos.get(req.params.videoId!);
    if (scenario === 'expired_token' || req.headers.authorization !== `OAuth ${pageToken}`) {
      return sendJson(res, 401, { debug_info: { retriable: false, type: 'AuthException', message: 'Invalid OAuth access token.' } });
    }
    if (!video) return sendJson(res, 400, { debug_info: { retriable: false, type: 'NotFoundException', message: 'Unknown video id.' } });
    const fileUrl = req.headers.file_url;
    if (typeof fileUrl !== 'string') return sendJson(res, 400, { debug_info: { retriable: false, type: 'ProcessingFailedError', message: 'No file_url header and no bytes.' } });
    const fetched = await fetchMedia(fileUrl);
    video.uploading = fetched.ok && fetched.contentType.startsWith('video/') ? 'in_progress' : 'error';
    sendJson(res, 200, { success: true });
  });

  const standIn = Object.assign(server, {
    pageId,
    userTokens,
    revokePageToken: () => {
      pageToken = `facebook-page-token-${randomBytes(8).toString('hex')}`;
    },
    posts,
    photos,
    videos,
    stories,
    faults,
  });
  // Read at each use: revokePageToken replaces it (Object.assign would copy a getter's value once).
  return Object.defineProperty(standIn, 'pageToken', { get: () => pageToken, enumerable: true }) as FacebookStandIn;
}

function isGraphAnswer(value: unknown): value is GraphAnswer {
  return typeof value === 'object' && value !== null && 'error' in value && 'status' in value;
}

/** A video's `status` field as Graph shows it: the overall state and each phase. */
function videoStatus(video: FacebookStandInVideo) {
  const videoStatus =
    video.uploading === 'error' ? 'error' : video.publishing === 'complete' ? 'ready' : video.uploading === 'complete' ? 'upload_complete' : 'uploading';
  return {
    video_status: videoStatus,
    uploading_phase: { status: video.uploading },
    processing_phase: { status: video.uploading === 'complete' ? 'complete' : 'not_started' },
    publishing_phase: { status: video.publishing, ...(video.publishing === 'complete' ? { publish_status: 'published' } : {}) },
  };
}
