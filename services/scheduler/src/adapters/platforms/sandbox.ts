import type { z } from 'zod';
import { PLATFORM_DISPLAY_NAMES, SANDBOX_PUBLISH_BATCH_MAX, type ConnectionPlatform, type SandboxPostView, type sandboxPublishSchema } from '@planner/contracts';
import { Batcher, inClientSpan } from '@planner/service-kit';
import type { PlatformAdapters } from './index.js';
import type { PlatformAdapter, PublishablePost } from './platform-adapter.js';
import { kindOfStatus, PlatformError } from './platform-error.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform } from './platform-fetch.js';

/** The key of one version of a post on one platform: the feed keeps one post per key. */
const keyOf = (post: PublishablePost, platform: ConnectionPlatform) => `${post.postId}.${post.version}.${platform}`;

type FeedPost = z.input<typeof sandboxPublishSchema>;

/**
 * The feed's writes: the posts of a worker's publications that create at
 * once go in one request (the feed adds them in one statement). A request
 * carries several jobs' posts, so no one job's signal ends it: its timeout does.
 */
function feedWriter(feedUrl: string): Batcher<FeedPost, SandboxPostView> {
  return new Batcher(
    async (posts) => {
      const response = await fetchPlatform(
        'Sandbox',
        apiUrl(feedUrl, '/internal/sandbox/posts'),
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ posts }) },
        new AbortController().signal,
        DEFAULT_TIMING.requestTimeoutMs,
      );
      if (!response.ok) throw new PlatformError(kindOfStatus(response.status), `The Sandbox feed answered ${response.status}.`, { status: response.status });
      return ((await response.json()) as { posts: SandboxPostView[] }).posts;
    },
    { maxBatch: SANDBOX_PUBLISH_BATCH_MAX, maxInFlight: 4 },
  );
}

/**
 * Publishing for a Sandbox connection: into the local feed over HTTP
 * (`SANDBOX_FEED_URL`), under the real platform's text and media rules, with
 * a browsable link. The feed keeps one post per key, so it can be asked after
 * an interrupted attempt, as Instagram's containers can.
 */
function sandboxAdapter(platform: PlatformAdapter, feedUrl: string, appUrl: string, feed: Batcher<FeedPost, SandboxPostView>): PlatformAdapter {
  const name = `${PLATFORM_DISPLAY_NAMES[platform.platform]} Sandbox`;
  const linkOf = (post: SandboxPostView) => ({ platformPostId: post.id, link: new URL(`/api/sandbox/posts/${post.id}`, appUrl).toString() });

  return {
    platform: platform.platform,
    check: (post) => platform.check(post),
    rateWindows: async () => [],
    publish: async ({ post, steps }) => {
      // The feed is a route of the scheduler's API process: each post carries its job's trace there, so one trace
      // runs from the request through the publish job to the post in the feed.
      const created = await steps.create(() =>
        inClientSpan(`POST ${name}`, { 'http.request.method': 'POST', 'url.path': '/internal/sandbox/posts' }, (trace) =>
          feed.run({
            key: keyOf(post, platform.platform),
            organization_id: post.organizationId,
            platform: platform.platform,
            text: post.text,
            media_urls: post.media.map((item) => item.url),
            trace,
          }),
        ),
      );
      return linkOf(created);
    },
    recover: async ({ post, signal }) => {
      const path = `/internal/sandbox/posts?key=${encodeURIComponent(keyOf(post, platform.platform))}`;
      return inClientSpan(`GET ${name}`, { 'http.request.method': 'GET', 'url.path': '/internal/sandbox/posts' }, async (headers, span) => {
        const response = await fetchPlatform(name, apiUrl(feedUrl, path), { method: 'GET', headers }, signal, DEFAULT_TIMING.requestTimeoutMs);
        span.setAttribute('http.response.status_code', response.status);
        if (response.status === 404) return { status: 'not_published' as const };
        if (!response.ok) throw new PlatformError(kindOfStatus(response.status), `${name} answered ${response.status}.`, { status: response.status });
        return { status: 'published' as const, published: linkOf((await response.json()) as SandboxPostView) };
      });
    },
  };
}

/** A Sandbox adapter per platform, each under its platform's rules, sharing the feed's writes. */
export function sandboxAdaptersOf(platforms: PlatformAdapters, feedUrl: string, appUrl: string): PlatformAdapters {
  const feed = feedWriter(feedUrl);
  return Object.fromEntries(Object.entries(platforms).map(([key, adapter]) => [key, sandboxAdapter(adapter, feedUrl, appUrl, feed)])) as PlatformAdapters;
}
