import { mediaKindOf } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { containerAdapter, type ContainerPlan, type ContainerRequest, type ContainerState } from './meta-containers.js';
import { DAY_MS } from './meta-graph.js';
import type { PlatformAdapter, PublishableMedia, PublishablePost } from './platform-adapter.js';
import type { AdapterTiming } from './platform-fetch.js';

/** The content publishing guide: "query a container's status once per minute, for no more than 5 minutes". */
const CONTAINER_PACING = { pollDelaysMs: [60_000], pollTimeoutMs: 5 * 60_000 };

/** Error subcodes an ERROR container's `status` carries, in plain words; `retryable` where Meta advises a new container. */
const MEDIA_FAILURES: Record<string, { reason: string; retryable: boolean }> = {
  '2207001': { reason: 'Instagram failed while processing the media', retryable: true },
  '2207003': { reason: 'Meta timed out downloading the media from its link', retryable: true },
  '2207004': { reason: 'the image is larger than 8 MiB', retryable: false },
  '2207009': { reason: 'its aspect ratio is not supported (feed images: 4:5 to 1.91:1)', retryable: false },
  '2207020': { reason: 'it expired before it was published', retryable: true },
  '2207026': { reason: 'the video format is not supported (MP4 or MOV, H.264 or HEVC, AAC audio)', retryable: false },
  '2207032': { reason: 'Instagram failed while creating it', retryable: true },
  '2207052': { reason: 'Meta could not fetch the media from its link (it must be publicly reachable)', retryable: false },
  '2207053': { reason: 'Instagram failed while uploading the media', retryable: true },
};

// Instagram takes only JPEG images: a PNG goes as the JPEG the posts service converts it to.
const mediaField = (media: PublishableMedia): ContainerRequest =>
  mediaKindOf(media.contentType) === 'video' ? { video_url: media.url } : { image_url: media.jpegUrl ?? media.url };
const withCaption = (request: ContainerRequest, text: string): ContainerRequest => (text ? { ...request, caption: text } : request);

/** The containers of a post: one image; a reel for any video (feed videos are reels since July 2023); a story; or a carousel. */
function containerPlan(post: PublishablePost): ContainerPlan {
  const [first] = post.media;
  if (post.mediaType === 'story') return { items: null, main: () => ({ media_type: 'STORIES', ...mediaField(first!) }) };
  if (post.mediaType === 'video' || post.mediaType === 'short') {
    return { items: null, main: () => withCaption({ media_type: 'REELS', video_url: first!.url, share_to_feed: true }, post.text) };
  }
  if (post.media.length === 1) return { items: null, main: () => withCaption(mediaField(first!), post.text) };
  return {
    items: post.media.map((media) => ({ is_carousel_item: true, ...(mediaKindOf(media.contentType) === 'video' ? { media_type: 'VIDEO' } : {}), ...mediaField(media) })),
    main: (children: string[]) => withCaption({ media_type: 'CAROUSEL', children: children.join(',') }, post.text),
  };
}

/**
 * Instagram API with Instagram Login (graph.instagram.com, at META_GRAPH_VERSION):
 * images, reels, stories and carousels from the media's links (Meta fetches
 * them), through containers; the publishing cap read from content_publishing_limit.
 */
export function instagramAdapter(config: SchedulerConfig, timing: Partial<AdapterTiming> = {}): PlatformAdapter {
  return containerAdapter(
    {
      platform: 'instagram',
      version: config.META_GRAPH_VERSION,
      pacing: CONTAINER_PACING,
      createEdge: 'media',
      publishEdge: 'media_publish',
      listEdge: 'media',
      limitEdge: 'content_publishing_limit',
      textField: 'caption',
      statusFields: 'status_code,status',
      readStatus: (body) => ({ state: body.status_code as ContainerState, detail: typeof body.status === 'string' ? body.status : null }),
      failure(detail) {
        const known = MEDIA_FAILURES[/\b(22\d{5})\b/.exec(detail ?? '')?.[1] ?? ''];
        return known ?? { reason: detail?.replace(/^error:\s*/i, '') || 'Meta could not process the media', retryable: false };
      },
      plan: containerPlan,
      // The reference pages say "currently 50" (the guide has said 100): the lower, when the endpoint cannot be read.
      documentedCap: { limit: 50, windowMs: DAY_MS },
    },
    config.INSTAGRAM_GRAPH_URL,
    timing,
  );
}
