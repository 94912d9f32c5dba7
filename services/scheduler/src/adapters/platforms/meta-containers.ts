import type { ConnectionCredentials, ConnectionPlatform } from '@planner/contracts';
import { brokenRule, PLATFORM_POST_RULES } from '@planner/contracts/platform-post-rules';
import { displayName, GraphApi, META_TIMING, metaUserId, publishingLimit, stillProcessing } from './meta-graph.js';
import { requiredToken } from './credentials.js';
import type { PlatformAdapter, PublishablePost, PublishedPost, RateWindow } from './platform-adapter.js';
import { PlatformError } from './platform-error.js';
import { apiUrl, pollUntil, type AdapterTiming } from './platform-fetch.js';

/**
 * Publishing through containers, as Instagram and Threads do: create the
 * containers (carousel items first), remember the post's container, wait until
 * Meta has fetched and processed the media (FINISHED), then the one create
 * call, `…_publish?creation_id=`. A container is invisible until published, so
 * everything before the publish is safe to repeat, and its status
 * (PUBLISHED or not) answers whether an interrupted publish went out.
 */

export type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface ContainerStatus {
  state: ContainerState;
  /** The platform's detail on an ERROR container (Instagram: a status text with the subcode; Threads: an error code). */
  detail: string | null;
}

/** The fields of one container's create call. */
export type ContainerRequest = Record<string, string | boolean>;

export interface ContainerPlan {
  /** Carousel items, created (and finished) first; null for a post of one container. */
  items: ContainerRequest[] | null;
  /** The post's own container, given its items' container ids. */
  main(itemIds: string[]): ContainerRequest;
}

/** Where Instagram and Threads differ around the same flow. */
export interface ContainerDialect {
  platform: Extract<ConnectionPlatform, 'instagram' | 'threads'>;
  /** The API version, appended to the configured base URL. */
  version: string;
  /** How often a container's status is read, where the platform says so (else META_TIMING's). */
  pacing?: Pick<AdapterTiming, 'pollDelaysMs' | 'pollTimeoutMs'>;
  createEdge: string;
  publishEdge: string;
  listEdge: string;
  limitEdge: string;
  /** The text field of published media (Instagram: caption; Threads: text), to find a recovered post. */
  textField: string;
  statusFields: string;
  readStatus(body: Record<string, unknown>): ContainerStatus;
  /** Why an ERROR container failed, in plain words, and whether a new container may succeed (Meta's own advice). */
  failure(detail: string | null): { reason: string; retryable: boolean };
  plan(post: PublishablePost): ContainerPlan;
  /** The documented cap, when the platform's limit endpoint cannot be read. */
  documentedCap: RateWindow;
}

/** The handle remembered before the publish: the post's own container. */
const rememberedContainer = (handle: Readonly<Record<string, unknown>>) => (typeof handle.containerId === 'string' ? handle.containerId : null);

export function containerAdapter(dialect: ContainerDialect, configuredUrl: string, overrides: Partial<AdapterTiming> = {}): PlatformAdapter {
  const timing = { ...META_TIMING, ...dialect.pacing, ...overrides };
  const baseUrl = apiUrl(configuredUrl, dialect.version);
  const name = displayName(dialect.platform);
  const rules = PLATFORM_POST_RULES[dialect.platform];
  const graphOf = (credentials: ConnectionCredentials, signal: AbortSignal) =>
    new GraphApi(dialect.platform, baseUrl, requiredToken(dialect.platform, credentials.access_token), signal, timing);

  const statusOf = async (graph: GraphApi, id: string) => dialect.readStatus(await graph.get<Record<string, unknown>>(id, { fields: dialect.statusFields }));

  /** A status read while waiting: one that failed on Meta's side (a 5xx, its odd code 100 / subcode 33) is read again at the next poll. */
  const pollRead = (graph: GraphApi, id: string): Promise<ContainerStatus> =>
    statusOf(graph, id).catch((error: unknown) => {
      if (error instanceof PlatformError && error.kind === 'transient') return { state: 'IN_PROGRESS', detail: null };
      throw error;
    });

  /** Waits until Meta has processed a container; `item` names it when it failed. */
  async function untilFinished(graph: GraphApi, id: string, item: string, signal: AbortSignal): Promise<void> {
    const status = await pollUntil(
      name,
      { read: () => pollRead(graph, id), settled: (value) => value.state !== 'IN_PROGRESS', outlasted: () => stillProcessing(dialect.platform) },
      timing,
      signal,
    );
    if (status.state === 'FINISHED') return;
    if (status.state === 'PUBLISHED') throw new PlatformError('permanent', `${name} could not use ${item}: it was already published.`);
    // An expired container is replaced by a new one on the next attempt (the remembered one is not reused).
    const { reason, retryable } = status.state === 'EXPIRED' ? { reason: 'it expired before it was published', retryable: true } : dialect.failure(status.detail);
    throw new PlatformError(retryable ? 'transient' : 'permanent', `${name} could not use ${item}: ${reason}.`);
  }

  /** A container's create call; a refusal of a carousel's item or of the carousel says which. */
  async function createContainer(graph: GraphApi, user: string, request: ContainerRequest, item: string | null): Promise<string> {
    try {
      return (await graph.post<{ id: string }>(`${user}/${dialect.createEdge}`, request)).id;
    } catch (error) {
      if (item && error instanceof PlatformError && error.kind === 'permanent') throw new PlatformError('permanent', `${error.message} (${item})`, error.options);
      throw error;
    }
  }

  /** The post's container, its carousel items created and finished first. */
  async function createContainers(graph: GraphApi, user: string, post: PublishablePost, signal: AbortSignal): Promise<string> {
    const plan = dialect.plan(post);
    const itemIds: string[] = [];
    const items = plan.items ?? [];
    const itemName = (index: number) => `item ${index + 1} of ${items.length}`;
    for (const [index, item] of items.entries()) itemIds.push(await createContainer(graph, user, item, itemName(index)));
    for (const [index, id] of itemIds.entries()) await untilFinished(graph, id, itemName(index), signal);
    return createContainer(graph, user, plan.main(itemIds), plan.items ? 'the carousel' : null);
  }

  /** The public link of published media; a failure here never fails a published post. */
  async function permalinkOf(graph: GraphApi, mediaId: string): Promise<string | null> {
    try {
      const media = await graph.get<{ permalink?: unknown }>(mediaId, { fields: 'permalink' });
      return typeof media.permalink === 'string' ? media.permalink : null;
    } catch {
      return null;
    }
  }

  /**
   * A post found published by its container: the container's status does not
   * name the media, so it is looked up among the account's recent media by its
   * text (best effort; else the container id, without a link).
   */
  async function publishedByContainer(graph: GraphApi, user: string, post: PublishablePost, containerId: string): Promise<PublishedPost> {
    if (post.text) {
      try {
        const recent = await graph.get<{ data?: Array<Record<string, unknown>> }>(`${user}/${dialect.listEdge}`, {
          fields: `id,${dialect.textField},permalink,timestamp`,
          limit: 25,
        });
        const match = recent.data?.find((media) => typeof media.id === 'string' && media[dialect.textField] === post.text);
        if (match) return { platformPostId: match.id as string, link: typeof match.permalink === 'string' ? match.permalink : null };
      } catch {
        // Best effort: the post is published either way.
      }
    }
    return { platformPostId: containerId, link: null };
  }

  return {
    platform: dialect.platform,
    check: (post) => brokenRule(post, rules),
    rateWindows: (credentials, signal) =>
      publishingLimit(graphOf(credentials, signal), `${metaUserId(credentials.specific_data)}/${dialect.limitEdge}`, dialect.documentedCap),

    async publish({ post, credentials, steps, signal }) {
      const graph = graphOf(credentials, signal);
      const user = metaUserId(credentials.specific_data);
      let containerId = rememberedContainer(steps.handle);
      if (containerId) {
        // An earlier attempt's container: reused while it is usable, replaced when it failed or expired.
        const status = await statusOf(graph, containerId);
        if (status.state === 'PUBLISHED') return publishedByContainer(graph, user, post, containerId);
        if (status.state !== 'FINISHED' && status.state !== 'IN_PROGRESS') containerId = null;
      }
      if (!containerId) {
        containerId = await createContainers(graph, user, post, signal);
        await steps.remember({ containerId });
      }
      await untilFinished(graph, containerId, post.media.length > 1 ? 'the carousel' : post.media.length ? 'the media' : 'the post', signal);
      const creationId = containerId;
      const published = await steps.create(() => graph.post<{ id: string }>(`${user}/${dialect.publishEdge}`, { creation_id: creationId }));
      return { platformPostId: published.id, link: await permalinkOf(graph, published.id) };
    },

    async recover({ post, credentials, handle, signal }) {
      const containerId = rememberedContainer(handle);
      if (!containerId) return { status: 'not_published' };
      const graph = graphOf(credentials, signal);
      const status = await statusOf(graph, containerId);
      if (status.state !== 'PUBLISHED') return { status: 'not_published' };
      return { status: 'published', published: await publishedByContainer(graph, metaUserId(credentials.specific_data), post, containerId) };
    },
  };
}
