import { mediaKindOf } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { containerAdapter, type ContainerPlan, type ContainerRequest, type ContainerState } from './meta-containers.js';
import { DAY_MS } from './meta-graph.js';
import type { PlatformAdapter, PublishableMedia, PublishablePost } from './platform-adapter.js';
import type { AdapterTiming } from './platform-fetch.js';

/** A failed container's `error_message`, in plain words. */
const MEDIA_FAILURES: Record<string, string> = {
  FAILED_DOWNLOADING_VIDEO: 'Meta could not fetch the video from its link (it must be publicly reachable)',
  FAILED_PROCESSING_VIDEO: 'Threads could not process the video (MP4 or MOV, H.264 or HEVC, AAC audio)',
  FAILED_PROCESSING_AUDIO: 'Threads could not process the audio',
  INVALID_ASPEC_RATIO: 'its aspect ratio is not supported',
  INVALID_BIT_RATE: 'its bit rate is not supported',
  INVALID_DURATION: 'the video is too long or too short (at most 5 minutes)',
  INVALID_FRAME_RATE: 'its frame rate is not supported (23 to 60 fps)',
  INVALID_AUDIO_CHANNELS: 'its audio channels are not supported',
  INVALID_AUDIO_CHANNEL_LAYOUT: 'its audio channel layout is not supported',
};

const itemFields = (media: PublishableMedia): ContainerRequest =>
  mediaKindOf(media.contentType) === 'video' ? { media_type: 'VIDEO', video_url: media.url } : { media_type: 'IMAGE', image_url: media.url };
const withText = (request: ContainerRequest, text: string): ContainerRequest => (text ? { ...request, text } : request);

function containerPlan(post: PublishablePost): ContainerPlan {
  const [first] = post.media;
  if (!first) return { items: null, main: () => ({ media_type: 'TEXT', text: post.text }) };
  if (post.media.length === 1) return { items: null, main: () => withText(itemFields(first), post.text) };
  return {
    items: post.media.map((media) => ({ ...itemFields(media), is_carousel_item: true })),
    main: (children: string[]) => withText({ media_type: 'CAROUSEL', children: children.join(',') }, post.text),
  };
}

/**
 * Threads API (graph.threads.net, at THREADS_API_VERSION): text, image, video and carousel posts
 * from the media's links, through containers; the 250-a-day cap read from
 * threads_publishing_limit.
 */
export function threadsAdapter(config: SchedulerConfig, timing: Partial<AdapterTiming> = {}): PlatformAdapter {
  return containerAdapter(
    {
      platform: 'threads',
      version: config.THREADS_API_VERSION,
      createEdge: 'threads',
      publishEdge: 'threads_publish',
      listEdge: 'threads',
      limitEdge: 'threads_publishing_limit',
      textField: 'text',
      statusFields: 'status,error_message',
      readStatus: (body) => ({ state: body.status as ContainerState, detail: typeof body.error_message === 'string' ? body.error_message : null }),
      failure: (detail) => ({ reason: MEDIA_FAILURES[detail ?? ''] ?? 'Threads could not process the media', retryable: false }),
      plan: containerPlan,
      documentedCap: { limit: 250, windowMs: DAY_MS },
    },
    config.THREADS_GRAPH_URL,
    timing,
  );
}
