import { ConnectionMessages, type ConnectionCredentials } from '@planner/contracts';
import { brokenRule, mediaKindOf, PLATFORM_POST_RULES } from '@planner/contracts/platform-post-rules';
import type { SchedulerConfig } from '../../config.js';
import { requiredToken } from './credentials.js';
import { DAY_MS, GraphApi, META_TIMING, stillProcessing } from './meta-graph.js';
import type { PlatformAdapter, PublishablePost, PublishedPost, PublishHandle, PublishSteps, RecoveryCheck } from './platform-adapter.js';
import { PlatformError } from './platform-error.js';
import { apiUrl, pollUntil, type AdapterTiming } from './platform-fetch.js';

/** Reels: 30 API-published per Page in any 24 hours (the Reels Publishing API); feed posts have no published cap. */
const REELS_WINDOW = { limit: 30, windowMs: DAY_MS, scope: 'reels' };

/** Recovery lists posts from a little before the remembered time: Meta's clock and ours may differ. */
const CLOCK_MARGIN_SECONDS = 300;

/** How a post is published on a Page, from its media type and media. */
type FacebookKind = 'status' | 'photo' | 'photos' | 'video' | 'reel' | 'photo_story' | 'video_story';

function kindOf(post: PublishablePost): FacebookKind {
  switch (post.mediaType) {
    case 'text':
      return 'status';
    case 'image':
      return post.media.length === 1 ? 'photo' : 'photos';
    case 'carousel':
      return 'photos';
    case 'video':
      return 'video';
    case 'short':
      return 'reel';
    case 'story':
      return mediaKindOf(post.media[0]?.contentType ?? '') === 'video' ? 'video_story' : 'photo_story';
  }
}

interface Page {
  id: string;
  token: string;
}

/** The chosen Page and its token; a connection without a Page cannot publish. */
function pageOf(credentials: ConnectionCredentials): Page {
  const id = credentials.specific_data.page_id;
  if (typeof id !== 'string' || !id) throw new PlatformError('permanent', ConnectionMessages.facebookPageRequired);
  return { id, token: requiredToken('facebook', credentials.page_access_token) };
}

/** Graph links may be relative (a video's permalink_url is `/{page}/videos/{id}/`). */
const absoluteLink = (link: unknown): string | null =>
  typeof link !== 'string' || !link ? null : link.startsWith('/') ? `https://www.facebook.com${link}` : link;

/** The handles of this attempt, built on the earlier attempts' and remembered whole each time. */
class Handles {
  private readonly values: PublishHandle;

  constructor(private readonly steps: PublishSteps) {
    this.values = { ...steps.handle };
  }

  string(name: string): string | null {
    const value = this.values[name];
    return typeof value === 'string' && value ? value : null;
  }

  strings(name: string): string[] {
    const value = this.values[name];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  remember(values: PublishHandle): Promise<void> {
    Object.assign(this.values, values);
    return this.steps.remember({ ...this.values });
  }
}

const handleString = (handle: Readonly<PublishHandle>, name: string) => (typeof handle[name] === 'string' ? (handle[name] as string) : null);

/**
 * Facebook Pages (Graph API, at META_GRAPH_VERSION): text and link posts, one photo or several
 * (uploaded unpublished, then attached to one feed post), videos by file_url,
 * reels and stories. Meta fetches every media link itself.
 */
export function facebookAdapter(config: SchedulerConfig, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...META_TIMING, ...overrides };
  const baseUrl = apiUrl(config.FACEBOOK_GRAPH_URL, config.META_GRAPH_VERSION);
  const graphOf = (page: Page, signal: AbortSignal) => new GraphApi('facebook', baseUrl, page.token, signal, timing);

  /** The public link of a post, photo or video; a failure here never fails a published post. */
  async function linkOf(graph: GraphApi, id: string): Promise<string> {
    try {
      const object = await graph.get<{ permalink_url?: unknown }>(id, { fields: 'permalink_url' });
      return absoluteLink(object.permalink_url) ?? `https://www.facebook.com/${id}`;
    } catch {
      return `https://www.facebook.com/${id}`;
    }
  }

  /** Photos uploaded unpublished (invisible until attached), each remembered so a later attempt uploads only the rest. */
  async function unpublishedPhotos(graph: GraphApi, page: Page, post: PublishablePost, handles: Handles): Promise<string[]> {
    const ids = handles.strings('photoIds').slice(0, post.media.length);
    for (const media of post.media.slice(ids.length)) {
      ids.push((await graph.post<{ id: string }>(`${page.id}/photos`, { url: media.url, published: false })).id);
      await handles.remember({ photoIds: [...ids] });
    }
    return ids;
  }

  /**
   * A reel or video story session: start (video_id and upload_url remembered),
   * Meta pulls the media's link into it, and the upload is complete. An earlier
   * attempt's session is carried on from where it stopped.
   */
  async function uploadedVideo(graph: GraphApi, page: Page, edge: 'video_reels' | 'video_stories', post: PublishablePost, handles: Handles, signal: AbortSignal) {
    let videoId = handles.string('videoId');
    let uploadUrl = handles.string('uploadUrl');
    if (!videoId || !uploadUrl) {
      const session = await graph.post<{ video_id: string; upload_url: string }>(`${page.id}/${edge}`, { upload_phase: 'start' });
      ({ video_id: videoId, upload_url: uploadUrl } = session);
      await handles.remember({ videoId, uploadUrl, uploaded: false });
    }
    if (!handles.flag('uploaded')) {
      await graph.pullInto(uploadUrl, post.media[0]!.url);
      const id = videoId;
      const status = await pollUntil(
        'Facebook',
        {
          read: () => graph.get<{ status?: { video_status?: string; uploading_phase?: { status?: string } } }>(id, { fields: 'status' }),
          settled: (answer) => answer.status?.video_status === 'error' || ['complete', 'error'].includes(answer.status?.uploading_phase?.status ?? ''),
          outlasted: () => stillProcessing('facebook'),
        },
        timing,
        signal,
      );
      if (status.status?.uploading_phase?.status !== 'complete') {
        throw new PlatformError('permanent', 'Facebook could not use the video: Meta could not fetch it from its link (it must be publicly reachable).');
      }
      await handles.remember({ uploaded: true });
    }
    return videoId;
  }

  /** Remembers when the create call goes out: recovery lists the Page's posts from then. */
  const rememberListedSince = (handles: Handles) => handles.remember({ listedSince: Math.floor(Date.now() / 1000) - CLOCK_MARGIN_SECONDS });

  async function publish(graph: GraphApi, page: Page, post: PublishablePost, steps: PublishSteps, signal: AbortSignal): Promise<PublishedPost> {
    const handles = new Handles(steps);
    const kind = kindOf(post);
    switch (kind) {
      case 'status':
      case 'photos': {
        const photoIds = kind === 'photos' ? await unpublishedPhotos(graph, page, post, handles) : [];
        await rememberListedSince(handles);
        const attached = photoIds.length ? { attached_media: photoIds.map((id) => ({ media_fbid: id })) } : {};
        const created = await steps.create(() => graph.post<{ id: string }>(`${page.id}/feed`, { message: post.text, ...attached }));
        return { platformPostId: created.id, link: await linkOf(graph, created.id) };
      }
      case 'photo': {
        await rememberListedSince(handles);
        const created = await steps.create(() => graph.post<{ id: string; post_id?: string }>(`${page.id}/photos`, { url: post.media[0]!.url, caption: post.text }));
        const id = created.post_id ?? created.id;
        return { platformPostId: id, link: await linkOf(graph, id) };
      }
      case 'video': {
        await rememberListedSince(handles);
        const created = await steps.create(() => graph.post<{ id: string }>(`${page.id}/videos`, { file_url: post.media[0]!.url, description: post.text }));
        return { platformPostId: created.id, link: await linkOf(graph, created.id) };
      }
      case 'reel': {
        const videoId = await uploadedVideo(graph, page, 'video_reels', post, handles, signal);
        const finished = await steps.create(() =>
          graph.post<{ success?: boolean }>(`${page.id}/video_reels`, { upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: post.text }),
        );
        // Thrown inside the create's outcome: unknown, so the reel's status is checked before anything is sent again.
        if (finished.success !== true) throw new PlatformError('transient', 'Facebook did not confirm the reel. Its status will be checked before it is sent again.');
        return { platformPostId: videoId, link: `https://www.facebook.com/reel/${videoId}` };
      }
      case 'photo_story': {
        const [photoId] = await unpublishedPhotos(graph, page, post, handles);
        const story = await steps.create(() => graph.post<{ post_id: string }>(`${page.id}/photo_stories`, { photo_id: photoId }));
        return { platformPostId: story.post_id, link: await linkOf(graph, story.post_id) };
      }
      case 'video_story': {
        const videoId = await uploadedVideo(graph, page, 'video_stories', post, handles, signal);
        const story = await steps.create(() => graph.post<{ post_id: string }>(`${page.id}/video_stories`, { upload_phase: 'finish', video_id: videoId }));
        return { platformPostId: story.post_id, link: await linkOf(graph, story.post_id) };
      }
    }
  }

  /** A feed post or video found among the Page's recent ones by its text, from a little before the create went out. */
  async function listedRecovery(graph: GraphApi, path: string, textField: string, post: PublishablePost, handle: Readonly<PublishHandle>): Promise<RecoveryCheck> {
    if (!post.text.trim()) return { status: 'unknown', reason: 'Facebook posts are found by their text, and this post has none.' };
    const since = typeof handle.listedSince === 'number' ? handle.listedSince : Math.floor((Date.now() - DAY_MS) / 1000);
    const recent = await graph.get<{ data?: Array<Record<string, unknown>> }>(path, { fields: `id,${textField},created_time,permalink_url`, since, limit: 25 });
    const match = recent.data?.find((item) => typeof item.id === 'string' && item[textField] === post.text);
    if (!match) return { status: 'not_published' };
    const id = match.id as string;
    return { status: 'published', published: { platformPostId: id, link: absoluteLink(match.permalink_url) ?? `https://www.facebook.com/${id}` } };
  }

  /** A story found among the Page's stories by the photo or video it was made from. */
  async function storyRecovery(graph: GraphApi, page: Page, mediaId: string | null): Promise<RecoveryCheck> {
    if (!mediaId) return { status: 'not_published' };
    const stories = await graph.get<{ data?: Array<{ post_id?: string; media_id?: string; url?: string }> }>(`${page.id}/stories`, {
      fields: 'post_id,media_id,url,creation_time',
    });
    const story = stories.data?.find((item) => item.media_id === mediaId && item.post_id);
    if (!story) return { status: 'not_published' };
    return { status: 'published', published: { platformPostId: story.post_id!, link: absoluteLink(story.url) ?? `https://www.facebook.com/${story.post_id}` } };
  }

  /** A reel went out once its publishing phase started (finish was accepted). */
  async function reelRecovery(graph: GraphApi, videoId: string | null): Promise<RecoveryCheck> {
    if (!videoId) return { status: 'not_published' };
    const video = await graph.get<{ status?: { publishing_phase?: { status?: string } } }>(videoId, { fields: 'status' });
    const phase = video.status?.publishing_phase?.status;
    if (phase !== 'complete' && phase !== 'in_progress') return { status: 'not_published' };
    return { status: 'published', published: { platformPostId: videoId, link: `https://www.facebook.com/reel/${videoId}` } };
  }

  return {
    platform: 'facebook',
    check: (post) => brokenRule(post, PLATFORM_POST_RULES.facebook),
    // Meta publishes a cap for reels only; other page posts have none.
    rateWindows: async (_credentials, _signal, post) => (post.mediaType === 'short' ? [REELS_WINDOW] : []),

    async publish({ post, credentials, steps, signal }) {
      const page = pageOf(credentials);
      return publish(graphOf(page, signal), page, post, steps, signal);
    },

    async recover({ post, credentials, handle, signal }) {
      const page = pageOf(credentials);
      const graph = graphOf(page, signal);
      switch (kindOf(post)) {
        case 'reel':
          return reelRecovery(graph, handleString(handle, 'videoId'));
        case 'photo_story':
          return storyRecovery(graph, page, Array.isArray(handle.photoIds) && typeof handle.photoIds[0] === 'string' ? handle.photoIds[0] : null);
        case 'video_story':
          return storyRecovery(graph, page, handleString(handle, 'videoId'));
        case 'video':
          return listedRecovery(graph, `${page.id}/videos`, 'description', post, handle);
        default:
          return listedRecovery(graph, `${page.id}/published_posts`, 'message', post, handle);
      }
    },
  };
}
