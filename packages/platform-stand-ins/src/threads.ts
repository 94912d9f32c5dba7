import { addContainerRoutes, carouselChildren, ContainerStore, field, graphAnswers, graphRouter, type MediaFetch, type StandInContainer } from './meta-graph.js';
import { startStandInServer, type StandInServer } from './server.js';

export interface ThreadsStandInOptions {
  /** The Threads user token every call must carry. */
  token?: string;
  /** The Threads user id (calls may also say `me`). */
  userId?: string;
  username?: string;
  /** The cap threads_publishing_limit reports and threads_publish enforces. */
  quotaTotal?: number;
  slowMs?: number;
}

export interface ThreadsStandIn extends StandInServer {
  token: string;
  userId: string;
  /** Containers (their status is what recovery reads) and the threads published from them. */
  store: ContainerStore;
}

const TEXT_LIMIT = 500;
/** Threads takes at most 5 links in a post's text. */
const LINK_LIMIT = 5;
const links = (text: string) => text.match(/\bhttps?:\/\/[^\s]+/gi) ?? [];
const CAROUSEL_ITEMS = { min: 2, max: 20 };
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime'];

/** Threads counts an emoji as its UTF-8 bytes toward the 500. */
function threadsLength(text: string): number {
  let length = 0;
  for (const char of text) length += /\p{Extended_Pictographic}/u.test(char) ? Buffer.byteLength(char) : 1;
  return length;
}

/** The `error_message` of an ERROR container (Threads' own codes). */
function mediaFailure(container: StandInContainer, fetched: MediaFetch): string | null {
  const accepted = container.mediaKind === 'video' ? VIDEO_TYPES : IMAGE_TYPES;
  if (fetched.ok && accepted.some((type) => fetched.contentType.startsWith(type))) return null;
  if (container.mediaKind === 'video') return fetched.ok ? 'FAILED_PROCESSING_VIDEO' : 'FAILED_DOWNLOADING_VIDEO';
  return 'UNKNOWN';
}

/**
 * Threads API (graph.threads.net, v1.0): TEXT, IMAGE, VIDEO and CAROUSEL
 * containers (media take a poll or two to finish), threads_publish,
 * threads_publishing_limit, the threads list and permalinks; Graph errors for
 * throttling (code 4), an expired token (190), a refusal (restricted as spam),
 * a server error (2).
 */
export async function startThreadsStandIn(options: ThreadsStandInOptions = {}): Promise<ThreadsStandIn> {
  const server = await startStandInServer();
  const token = options.token ?? 'threads-user-token';
  const userId = options.userId ?? '26000000000000001';
  const username = options.username ?? 'planner_sandbox';
  const store = new ContainerStore((shortcode) => `https://www.threads.net/@${username}/post/${shortcode}`, mediaFailure);
  const thrown = (message: string, code: number, extra: Record<string, unknown> = {}) => ({
    status: 400,
    error: { message, type: 'THApiException', code, is_transient: false, ...extra },
  });

  const route = graphRouter(server, {
    token: () => token,
    // Threads has its own versions: v1.0 only.
    servesVersion: (version) => version === 'v1.0',
    slowMs: options.slowMs ?? 1500,
    usageHeaders: () => ({ 'x-app-usage': JSON.stringify({ call_count: 2, total_cputime: 1, total_time: 1 }) }),
    rateLimited: () => ({
      status: 403,
      error: { message: '(#4) Application request limit reached', code: 4, is_transient: true },
      headers: { 'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 12, total_time: 20 }) },
    }),
    refused: () =>
      thrown('We restrict certain activity to protect our community.', 4, {
        error_subcode: 2207051,
        error_user_title: 'Action is blocked',
        error_user_msg: 'We restrict certain activity to protect our community. Tell us if you think we made a mistake.',
      }),
  });

  addContainerRoutes(route, store, {
    userIds: [userId, 'me'],
    createEdge: 'threads',
    publishEdge: 'threads_publish',
    limitEdge: 'threads_publishing_limit',
    listEdge: 'threads',
    parse(req) {
      const mediaType = field(req, 'media_type');
      const text = field(req, 'text') ?? '';
      const isCarouselItem = field(req, 'is_carousel_item') === 'true';
      if (threadsLength(text) > TEXT_LIMIT) return thrown(`Param text must be at most ${TEXT_LIMIT} characters long.`, 100);
      if (new Set(links(text)).size > LINK_LIMIT) {
        return thrown('THREADS_API__LINK_LIMIT_EXCEEDED', 100, {
          error_user_title: 'Link limit exceeded',
          error_user_msg: `The post has more than ${LINK_LIMIT} links. Remove some links and try again.`,
        });
      }
      const base = { mediaType: mediaType ?? '', text, isCarouselItem, children: [] as string[], readsInProgress: 0 };
      switch (mediaType) {
        case 'TEXT':
          return text ? base : graphAnswers.missingParameter('text');
        case 'IMAGE': {
          const url = field(req, 'image_url');
          return url ? { ...base, mediaUrl: url, mediaKind: 'image' as const, readsInProgress: 1 } : graphAnswers.missingParameter('image_url');
        }
        case 'VIDEO': {
          const url = field(req, 'video_url');
          return url ? { ...base, mediaUrl: url, mediaKind: 'video' as const, readsInProgress: 2 } : graphAnswers.missingParameter('video_url');
        }
        case 'CAROUSEL': {
          const children = carouselChildren(req, store, CAROUSEL_ITEMS);
          return Array.isArray(children) ? { ...base, children, readsInProgress: 1 } : children;
        }
        default:
          return mediaType ? graphAnswers.invalidParameter(`media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL; got ${mediaType}.`) : graphAnswers.missingParameter('media_type');
      }
    },
    statusOf: (container) => ({ id: container.id, status: container.status, error_message: container.failure }),
    mediaOf: (media) => ({ id: media.id, text: media.text, media_type: media.mediaType, permalink: media.permalink, timestamp: media.timestamp }),
    notReady: thrown('The media container is not ready to be published. Wait until its status is FINISHED.', 24, { error_subcode: 4279009 }),
    capReached: thrown('Application request limit reached', 9, {
      error_user_title: 'Posting limit reached',
      error_user_msg: 'This profile reached the number of posts allowed in 24 hours.',
    }),
    quotaTotal: options.quotaTotal ?? 250,
    username,
  });

  return Object.assign(server, { token, userId, store });
}
