import { PLATFORM_DISPLAY_NAMES, type ConnectionPlatform, type SandboxPostView } from '@planner/contracts';
import { inClientSpan } from '@planner/service-kit';
import type { PlatformAdapters } from './index.js';
import type { PlatformAdapter, PublishablePost } from './platform-adapter.js';
import { kindOfStatus, PlatformError } from './platform-error.js';
import { apiUrl, DEFAULT_TIMING, fetchPlatform } from './platform-fetch.js';

/** The key of one version of a post on one platform: the feed keeps one post per key. */
const keyOf = (post: PublishablePost, platform: ConnectionPlatform) => `${post.postId}.${post.version}.${platform}`;

/**
 * Publishing for a Sandbox connection: into the local feed over HTTP
 * (`SANDBOX_FEED_URL`), under the real platform's text and media rules, with
 * a browsable link. The feed keeps one post per key, so it can be asked after
 * an interrupted attempt, as Instagram's containers can.
 */
export function sandboxAdapter(platform: PlatformAdapter, feedUrl: string, appUrl: string): PlatformAdapter {
  const name = `${PLATFORM_DISPLAY_NAMES[platform.platform]} Sandbox`;
  // The feed is a route of the scheduler's API process: the call carries the worker's trace there, so one trace
  // runs from the request through the publish job to the post in the feed.
  const call = (path: string, init: RequestInit & { method: string }, signal: AbortSignal): Promise<SandboxPostView | null> =>
    inClientSpan(`${init.method} ${name}`, { 'http.request.method': init.method, 'url.path': path.split('?')[0] }, async (traceHeaders, span) => {
      const response = await fetchPlatform(
        name,
        apiUrl(feedUrl, path),
        { ...init, headers: { ...traceHeaders, 'content-type': 'application/json' } },
        signal,
        DEFAULT_TIMING.requestTimeoutMs,
      );
      span.setAttribute('http.response.status_code', response.status);
      if (response.status === 404) return null;
      if (!response.ok) throw new PlatformError(kindOfStatus(response.status), `${name} answered ${response.status}.`, { status: response.status });
      return (await response.json()) as SandboxPostView;
    });
  const linkOf = (post: SandboxPostView) => ({ platformPostId: post.id, link: new URL(`/api/sandbox/posts/${post.id}`, appUrl).toString() });

  return {
    platform: platform.platform,
    check: (post) => platform.check(post),
    rateWindows: async () => [],
    publish: async ({ post, steps, signal }) => {
      const body = {
        key: keyOf(post, platform.platform),
        organization_id: post.organizationId,
        platform: platform.platform,
        text: post.text,
        media_urls: post.media.map((item) => item.url),
      };
      const created = await steps.create(() => call('/internal/sandbox/posts', { method: 'POST', body: JSON.stringify(body) }, signal));
      return linkOf(created!);
    },
    recover: async ({ post, signal }) => {
      const found = await call(`/internal/sandbox/posts?key=${encodeURIComponent(keyOf(post, platform.platform))}`, { method: 'GET' }, signal);
      return found ? { status: 'published', published: linkOf(found) } : { status: 'not_published' };
    },
  };
}

/** A Sandbox adapter per platform, each under its platform's rules. */
export function sandboxAdaptersOf(platforms: PlatformAdapters, feedUrl: string, appUrl: string): PlatformAdapters {
  return Object.fromEntries(Object.entries(platforms).map(([key, adapter]) => [key, sandboxAdapter(adapter, feedUrl, appUrl)])) as PlatformAdapters;
}
