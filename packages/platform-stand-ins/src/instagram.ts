import {
  addContainerRoutes,
  carouselChildren,
  ContainerStore,
  field,
  graphAnswers,
  graphRouter,
  servesGraphVersion,
  type ContainerApiDialect,
  type GraphAnswer,
  type MediaFetch,
  type StandInContainer,
} from './meta-graph.js';
import { startStandInServer, type StandInServer } from './server.js';

export interface InstagramStandInOptions {
  /** The Instagram user token every call must carry. */
  token?: string;
  /** The IG user id (calls may also say `me`). */
  userId?: string;
  username?: string;
  /** The publishing cap content_publishing_limit reports and media_publish enforces. */
  quotaTotal?: number;
  slowMs?: number;
}

export interface InstagramStandIn extends StandInServer {
  token: string;
  userId: string;
  /**
   * Containers (their status_code is what recovery reads) and the media
   * published from them; `store.faults` (status reads failing, of one
   * container or any; media_publish answers lost) and `store.publishElsewhere`
   * for tests. A media_publish whose answer comes too late:
   * `failNext('slow', { path: '/:version/:userId/media_publish' })` publishes
   * once `slowMs` has passed, after the caller stopped waiting.
   */
  store: ContainerStore;
}

/** The caption's limits in the media reference: 2,200 characters, 30 hashtags, 20 @ tags. */
const CAPTION_LIMIT = 2200;
const HASHTAG_LIMIT = 30;
const MENTION_LIMIT = 20;
const CAROUSEL_ITEMS = { min: 2, max: 10 };
const JPEG = 'image/jpeg';
const VIDEO_TYPES = ['video/mp4', 'video/quicktime'];

const refusal = (message: string, code: number, subcode: number, title: string, userMessage: string): GraphAnswer => ({
  status: 400,
  error: { message, code, error_subcode: subcode, is_transient: false, error_user_title: title, error_user_msg: userMessage },
});

/** Why Instagram cannot use fetched media: its `status` text on an ERROR container (with the error subcode). */
function mediaFailure(container: StandInContainer, fetched: MediaFetch): string | null {
  if (!fetched.ok) return 'Error: Media download has failed. The media URI doesn\u2019t meet our requirements. (2207052)';
  if (container.mediaKind === 'image') {
    return fetched.contentType.startsWith(JPEG) ? null : 'Error: The image format is not supported. Only JPEG images can be published. (2207083)';
  }
  return VIDEO_TYPES.some((type) => fetched.contentType.startsWith(type)) ? null : 'Error: The video format is not supported. Please check the media specifications. (2207026)';
}

/** Over a caption limit: Graph's invalid-parameter refusal (code 100), its user message naming the limit. */
function captionRefusal(caption: string): GraphAnswer | null {
  const over = (what: string, limit: number): GraphAnswer => ({
    status: 400,
    error: { message: '(#100) Invalid parameter', code: 100, is_transient: false, error_user_title: 'Invalid caption', error_user_msg: `The caption can have at most ${limit} ${what}.` },
  });
  if ([...caption].length > CAPTION_LIMIT) return over('characters', CAPTION_LIMIT);
  if ((caption.match(/(?:^|\s)#[\p{L}\p{N}_]+/gu) ?? []).length > HASHTAG_LIMIT) return over('hashtags', HASHTAG_LIMIT);
  if ((caption.match(/(?:^|\s)@[\w.]+/g) ?? []).length > MENTION_LIMIT) return over('@ tags', MENTION_LIMIT);
  return null;
}

/** POST /{ig-user-id}/media: the container the fields ask for, validated as the Instagram Platform does. */
function parseContainer(req: Parameters<ContainerApiDialect['parse']>[0], store: ContainerStore) {
  const mediaType = field(req, 'media_type') ?? 'IMAGE';
  const isCarouselItem = field(req, 'is_carousel_item') === 'true';
  const caption = field(req, 'caption') ?? '';
  const imageUrl = field(req, 'image_url');
  const videoUrl = field(req, 'video_url');
  const refusedCaption = captionRefusal(caption);
  if (refusedCaption) return refusedCaption;
  const base = { mediaType, text: caption, isCarouselItem, children: [] as string[], readsInProgress: 1 };

  const image = { ...base, mediaUrl: imageUrl, mediaKind: 'image' as const };
  const video = { ...base, mediaUrl: videoUrl, mediaKind: 'video' as const, readsInProgress: 2 };

  switch (mediaType) {
    case 'IMAGE':
      return imageUrl ? image : graphAnswers.missingParameter('image_url');
    case 'VIDEO':
      // Feed videos are published as reels since July 2023: VIDEO remains only for carousel items.
      if (!isCarouselItem) return graphAnswers.invalidParameter('The VIDEO media type is no longer supported for feed posts. Use REELS.');
      return videoUrl ? video : graphAnswers.missingParameter('video_url');
    case 'REELS':
      return videoUrl ? video : graphAnswers.missingParameter('video_url');
    case 'STORIES':
      if (!imageUrl && !videoUrl) return graphAnswers.missingParameter('image_url or video_url');
      return videoUrl ? video : image;
    case 'CAROUSEL': {
      const children = carouselChildren(req, store, CAROUSEL_ITEMS);
      return Array.isArray(children) ? { ...base, children } : children;
    }
    default:
      return graphAnswers.invalidParameter(`media_type must be one of REELS, STORIES, CAROUSEL (or VIDEO for carousel items); got ${mediaType}.`);
  }
}

/**
 * Instagram API with Instagram Login (graph.instagram.com, at a Graph version Meta serves): containers
 * (image, reels, stories, carousel items and carousels) that take a poll or two
 * to finish, media_publish, content_publishing_limit, the media list and
 * permalinks; Graph errors for throttling (code 4 with usage headers), an
 * expired token (190), a refusal (36003 aspect ratio), a server error (2).
 */
export async function startInstagramStandIn(options: InstagramStandInOptions = {}): Promise<InstagramStandIn> {
  const server = await startStandInServer();
  const token = options.token ?? 'instagram-user-token';
  const userId = options.userId ?? '17841400000000001';
  const username = options.username ?? 'planner_sandbox';
  const store = new ContainerStore((shortcode) => `https://www.instagram.com/p/${shortcode}/`, mediaFailure);
  const usage = (callCount: number, minutes: number) => ({
    'x-app-usage': JSON.stringify({ call_count: callCount, total_cputime: 4, total_time: 6 }),
    'x-business-use-case-usage': JSON.stringify({
      [userId]: [{ type: 'instagram', call_count: callCount, total_cputime: 4, total_time: 6, estimated_time_to_regain_access: minutes }],
    }),
  });

  const route = graphRouter(server, {
    token: () => token,
    servesVersion: (version) => servesGraphVersion(version),
    slowMs: options.slowMs ?? 1500,
    usageHeaders: () => usage(3, 0),
    rateLimited: () => ({ status: 403, error: { message: '(#4) Application request limit reached', code: 4, is_transient: true }, headers: usage(100, 12) }),
    refused: () =>
      refusal(
        'The aspect ratio is not supported.',
        36003,
        2207009,
        'Invalid aspect ratio',
        "The submitted image with aspect ratio ('0.31') cannot be published. Please submit an image with a valid aspect ratio.",
      ),
  });

  addContainerRoutes(route, store, {
    userIds: [userId, 'me'],
    createEdge: 'media',
    publishEdge: 'media_publish',
    limitEdge: 'content_publishing_limit',
    listEdge: 'media',
    parse: parseContainer,
    statusOf: (container) => ({
      id: container.id,
      status_code: container.status,
      status: container.status === 'ERROR' ? container.failure : container.status === 'FINISHED' ? 'Finished: Media has been uploaded and it is ready to be published.' : container.status,
    }),
    mediaOf: (media) => ({ id: media.id, caption: media.text, media_type: media.mediaType, permalink: media.permalink, timestamp: media.timestamp }),
    notReady: refusal('Media ID is not available', 9007, 2207027, 'Media Not Ready For Publishing', 'The media is not ready for publishing, please wait for a moment'),
    capReached: refusal(
      'Application request limit reached',
      9,
      2207042,
      'Max posts reached',
      'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
    ),
    quotaTotal: options.quotaTotal ?? 100,
    username,
  });

  return Object.assign(server, { token, userId, store });
}
