import { randomBytes, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { sendJson, type Handler, type StandInRequest, type StandInServer } from './server.js';

/**
 * What Meta's Graph APIs (Facebook Pages, Instagram, Threads) share: the error
 * envelope, the access token as a parameter, the usage headers, and the
 * containers Instagram and Threads publish from.
 */

export interface GraphError {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
}

/** A Graph failure as the API answers it: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export interface GraphAnswer {
  status: number;
  error: GraphError;
  headers?: Record<string, string>;
}

export function sendGraphError(res: ServerResponse, answer: GraphAnswer): void {
  const error = { type: 'OAuthException', ...answer.error, fbtrace_id: randomBytes(8).toString('base64url') };
  sendJson(res, answer.status, { error }, answer.headers);
}

/**
 * Graph API versions and the day each stops being served (developers.facebook.com/docs/graph-api/changelog,
 * late 2026: a version ends two years after the next one came out; v27.0, of 2026-11-04, has no end yet).
 */
const GRAPH_VERSION_ENDS: Record<string, string | null> = {
  'v21.0': '2027-01-21',
  'v22.0': '2027-05-20',
  'v23.0': '2027-10-08',
  'v24.0': '2028-02-18',
  'v25.0': '2028-07-29',
  'v26.0': '2028-11-04',
  'v27.0': null,
};
export const LATEST_GRAPH_VERSION = 'v27.0';

/** Whether Meta serves Graph `version` at `now`. */
export function servesGraphVersion(version: string, now = Date.now()): boolean {
  const end = GRAPH_VERSION_ENDS[version];
  return end === null || (end !== undefined && Date.parse(end) > now);
}

const unsupportedGet = (id: string): GraphAnswer => ({
  status: 400,
  error: {
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  },
});

export const graphAnswers = {
  /** A version Meta no longer serves (as SDKs pinned to an expired version were answered, e.g. mobolic/facebook-sdk#527). */
  deprecatedVersion: {
    status: 400,
    error: { message: `(#2635) You are calling a deprecated version of the Graph API. Please update to the latest version: ${LATEST_GRAPH_VERSION}.`, code: 2635 },
  },
  invalidToken: { status: 400, error: { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 } },
  expiredToken: {
    status: 400,
    error: {
      message: 'Error validating access token: Session has expired on Tuesday, 01-Jul-25 10:00:00 PDT. The current time is Wednesday, 02-Jul-25 10:00:00 PDT.',
      code: 190,
      error_subcode: 463,
    },
  },
  serverError: { status: 500, error: { message: 'An unexpected error has occurred. Please retry your request later.', code: 2, is_transient: true } },
  missingParameter: (name: string) => ({ status: 400, error: { message: `(#100) The parameter ${name} is required`, code: 100 } }),
  invalidParameter: (message: string) => ({ status: 400, error: { message: `(#100) ${message}`, code: 100 } }),
  notFound: unsupportedGet,
  /** Graph's occasional refusal of a read of an object that does exist (seen on container status reads), worded as for one that does not. */
  unsupportedGet,
} satisfies Record<string, GraphAnswer | ((...args: never[]) => GraphAnswer)>;

/** The token of a Graph call: the access_token parameter (query or body) or an `Authorization: Bearer|OAuth` header. */
export function graphTokenOf(req: StandInRequest): string | undefined {
  const parameter = req.query.get('access_token') ?? req.fields.access_token;
  if (typeof parameter === 'string') return parameter;
  return /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

export function graphId(): string {
  return String(randomInt(10 ** 11, 10 ** 12 - 1)) + String(randomInt(10 ** 5, 10 ** 6 - 1));
}

/** A request field as text (JSON bodies carry booleans and numbers, forms carry strings). */
export function field(req: StandInRequest, name: string): string | undefined {
  const value = req.fields[name] ?? req.query.get(name) ?? undefined;
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface GraphRouteSettings {
  /** The token every call must carry (read at each call: a Page token can be replaced). */
  token: () => string;
  /** Whether the API serves the version a route's `:version` names (Graph's versions, or Threads' own). */
  servesVersion: (version: string) => boolean;
  /** How this API refuses for throttling (code, headers). */
  rateLimited: () => GraphAnswer;
  /** How this API refuses content. */
  refused: () => GraphAnswer;
  /** Headers on every answer (usage percentages). */
  usageHeaders?: () => Record<string, string>;
  /** How long a `slow` answer waits before answering normally. */
  slowMs: number;
}

/**
 * Adds Graph routes to a stand-in: each first answers an armed scenario, then
 * checks the token as Graph does, then runs the handler.
 */
export function graphRouter(server: StandInServer, settings: GraphRouteSettings) {
  return (method: string, pattern: string, handler: Handler) =>
    server.route(method, pattern, async (req, res) => {
      for (const [name, value] of Object.entries(settings.usageHeaders?.() ?? {})) res.setHeader(name, value);
      if (req.params.version !== undefined && !settings.servesVersion(req.params.version)) return sendGraphError(res, graphAnswers.deprecatedVersion);
      const scenario = server.takeScenario(req);
      if (scenario === 'slow') await delay(settings.slowMs);
      else if (scenario === 'rate_limited') return sendGraphError(res, settings.rateLimited());
      else if (scenario === 'expired_token') return sendGraphError(res, graphAnswers.expiredToken);
      else if (scenario === 'refused') return sendGraphError(res, settings.refused());
      else if (scenario === 'server_error') return sendGraphError(res, graphAnswers.serverError);
      if (graphTokenOf(req) !== settings.token()) return sendGraphError(res, graphAnswers.invalidToken);
      await handler(req, res);
    });
}

/**
 * What a test arms beyond the scenarios of every stand-in: reads of a post's state (container status, a
 * video's status, the lists recovery reads) failing as Meta's now and then do, and create calls that go
 * through whose answer is lost (a 5xx after the post was made: the outcome is unknown to the caller).
 */
export class GraphFaults {
  private reads: Array<{ as: 'unsupported_get' | 'server_error'; id?: string }> = [];
  private lostAnswers = 0;

  /**
   * The next `times` state reads answer code 100 / subcode 33 ("Unsupported
   * get request") or a 5xx: any read, or with `id` only the reads of that
   * object (one container's status), so that posts published side by side
   * each meet their own failures, and the media list read of another is not
   * the one that fails.
   */
  failReads(times: number, as: 'unsupported_get' | 'server_error', id?: string): void {
    for (let i = 0; i < times; i++) this.reads.push(id === undefined ? { as } : { as, id });
  }

  /** The next `times` create calls publish, then answer a 5xx. */
  loseCreateAnswers(times: number): void {
    this.lostAnswers += times;
  }

  /** The failure this state read of `id` answers, if one is armed. */
  takeRead(id: string): GraphAnswer | null {
    const index = this.reads.findIndex((read) => read.id === undefined || read.id === id);
    if (index < 0) return null;
    const [{ as }] = this.reads.splice(index, 1) as [{ as: 'unsupported_get' | 'server_error' }];
    return as === 'server_error' ? graphAnswers.serverError : graphAnswers.unsupportedGet(id);
  }

  /** Whether this create call's answer is lost (it was carried out). */
  takeLostAnswer(): boolean {
    if (this.lostAnswers === 0) return false;
    this.lostAnswers -= 1;
    return true;
  }
}

export type MediaFetch = { ok: true; contentType: string; size: number } | { ok: false; reason: string };

/** What Meta does with a media link: fetches it ("we cURL your media"), so an unreachable link fails there. */
export async function fetchMedia(url: string | undefined): Promise<MediaFetch> {
  if (!url) return { ok: false, reason: 'no link' };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
    return { ok: true, contentType: response.headers.get('content-type') ?? '', size: bytes.length };
  } catch (error) {
    return { ok: false, reason: String(error) };
  }
}

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface StandInContainer {
  id: string;
  /** IMAGE, VIDEO, REELS, STORIES, CAROUSEL, TEXT: as the request named it (or IMAGE when it named none). */
  mediaType: string;
  text: string;
  mediaUrl?: string;
  /** What the link should hold (a story or carousel item may be either). */
  mediaKind?: 'image' | 'video';
  isCarouselItem: boolean;
  children: string[];
  status: ContainerStatus;
  /** Why it is ERROR, in the platform's words. */
  failure?: string;
  /** Status reads still answering IN_PROGRESS (media takes a poll or two). */
  readsInProgress: number;
  fetched: Promise<MediaFetch> | null;
  mediaId?: string;
}

export interface StandInPublishedMedia {
  id: string;
  containerId: string;
  mediaType: string;
  text: string;
  permalink: string;
  /** ISO time, as Graph's `timestamp` field. */
  timestamp: string;
}

/**
 * The containers of Instagram and Threads: created IN_PROGRESS, FINISHED after
 * the media was fetched and a poll or two, PUBLISHED once published (the state
 * the recovery check reads), EXPIRED when a test says a day went by.
 */
export class ContainerStore {
  readonly containers = new Map<string, StandInContainer>();
  readonly published: StandInPublishedMedia[] = [];
  readonly faults = new GraphFaults();
  /** When posts made with other tools went out: Meta counts them in quota_usage too. */
  private readonly elsewhere: number[] = [];

  constructor(
    private readonly permalinkOf: (shortcode: string) => string,
    /** Why fetched media is unusable for this container, or null: the platform's check of the bytes it got. */
    private readonly mediaFailure: (container: StandInContainer, fetched: MediaFetch) => string | null,
  ) {}

  create(values: Omit<StandInContainer, 'id' | 'status' | 'fetched'>): StandInContainer {
    const container: StandInContainer = {
      ...values,
      id: graphId(),
      status: 'IN_PROGRESS',
      fetched: values.mediaUrl ? fetchMedia(values.mediaUrl) : null,
    };
    this.containers.set(container.id, container);
    return container;
  }

  /** A status read, which moves the container on as Meta's processing would. */
  async read(id: string): Promise<StandInContainer | undefined> {
    const container = this.containers.get(id);
    if (!container || container.status !== 'IN_PROGRESS') return container;
    const fetched = await container.fetched;
    const failure = fetched ? this.mediaFailure(container, fetched) : null;
    if (failure) {
      container.status = 'ERROR';
      container.failure = failure;
    } else if (container.readsInProgress > 0) {
      container.readsInProgress -= 1;
    } else {
      container.status = 'FINISHED';
    }
    return container;
  }

  publish(container: StandInContainer): StandInPublishedMedia {
    const shortcode = randomBytes(8).toString('base64url');
    const media: StandInPublishedMedia = {
      id: graphId(),
      containerId: container.id,
      mediaType: container.mediaType,
      text: container.text,
      permalink: this.permalinkOf(shortcode),
      timestamp: new Date().toISOString(),
    };
    container.status = 'PUBLISHED';
    container.mediaId = media.id;
    this.published.unshift(media);
    return media;
  }

  /** Posts published within the last `windowSeconds` (carousels count once), those made with other tools included. */
  usage(windowSeconds: number): number {
    const since = Date.now() - windowSeconds * 1000;
    return this.published.filter((media) => Date.parse(media.timestamp) >= since).length + this.elsewhere.filter((at) => at >= since).length;
  }

  /** `count` posts made now with another tool (the app's media list does not show them; the quota does). */
  publishElsewhere(count: number): void {
    for (let i = 0; i < count; i++) this.elsewhere.push(Date.now());
  }

  /** As if a day went by without publishing it. */
  expire(id: string): void {
    const container = this.containers.get(id);
    if (container && container.status !== 'PUBLISHED') container.status = 'EXPIRED';
  }
}

/** The `children` of a carousel container: min to max finished carousel items, or how the platform refuses them. */
export function carouselChildren(req: StandInRequest, store: ContainerStore, range: { min: number; max: number }): string[] | GraphAnswer {
  const children = (field(req, 'children') ?? '').split(',').filter(Boolean);
  if (children.length < range.min || children.length > range.max) {
    return graphAnswers.invalidParameter(`A carousel takes ${range.min} to ${range.max} children.`);
  }
  const unusable = children.find((id) => store.containers.get(id)?.status !== 'FINISHED' || !store.containers.get(id)?.isCarouselItem);
  return unusable ? graphAnswers.invalidParameter(`The carousel item ${unusable} is not a finished carousel item container.`) : children;
}

/** The fields a Graph read asked for (`fields=a,b`), picked from an object. */
export function pickFields(req: StandInRequest, values: object): Record<string, unknown> {
  const fields = (req.query.get('fields') ?? '').split(',').filter(Boolean);
  const source = values as Record<string, unknown>;
  const picked: Record<string, unknown> = { id: source.id };
  for (const name of fields) if (source[name] !== undefined) picked[name] = source[name];
  return picked;
}

/** A Graph list: newest first, `limit` applied, `since` (Unix seconds) honoured against the time field. */
export function graphList<T extends object>(req: StandInRequest, items: T[], timeField: keyof T): { data: Record<string, unknown>[] } {
  const since = Number(req.query.get('since') ?? 0) * 1000;
  const limit = Number(req.query.get('limit') ?? 25);
  const data = items.filter((item) => Date.parse(String(item[timeField])) >= since).slice(0, limit);
  return { data: data.map((item) => pickFields(req, item)) };
}

/** Where Instagram and Threads differ around the same container routes. */
export interface ContainerApiDialect {

  /** The user ids a call may name (the account's id and `me`). */
  userIds: string[];
  createEdge: string;
  publishEdge: string;
  limitEdge: string;
  listEdge: string;
  /** The container a create call asks for, or how the platform refuses the request. */
  parse(req: StandInRequest, store: ContainerStore): Omit<StandInContainer, 'id' | 'status' | 'fetched'> | GraphAnswer;
  /** A container as its status read shows it. */
  statusOf(container: StandInContainer): Record<string, unknown>;
  /** Published media as a read or list shows it. */
  mediaOf(media: StandInPublishedMedia): Record<string, unknown>;
  /** Publishing a container that is not FINISHED. */
  notReady: GraphAnswer;
  /** Publishing over the daily cap. */
  capReached: GraphAnswer;
  quotaTotal: number;
  username: string;
}

const DAY_SECONDS = 86_400;

/** Create, status, publish, quota and list routes over a ContainerStore, as Instagram and Threads answer them. */
export function addContainerRoutes(route: ReturnType<typeof graphRouter>, store: ContainerStore, dialect: ContainerApiDialect): void {
  const user = (req: StandInRequest, res: ServerResponse) => {
    if (dialect.userIds.includes(req.params.userId!)) return true;
    sendGraphError(res, graphAnswers.notFound(req.params.userId!));
    return false;
  };

  route('POST', `/:version/:userId/${dialect.createEdge}`, (req, res) => {
    if (!user(req, res)) return;
    const parsed = dialect.parse(req, store);
    if ('error' in parsed) return sendGraphError(res, parsed);
    sendJson(res, 200, { id: store.create(parsed).id });
  });

  route('POST', `/:version/:userId/${dialect.publishEdge}`, (req, res) => {
    if (!user(req, res)) return;
    const creationId = field(req, 'creation_id');
    if (!creationId) return sendGraphError(res, graphAnswers.missingParameter('creation_id'));
    const container = store.containers.get(creationId);
    if (!container || container.isCarouselItem) return sendGraphError(res, graphAnswers.notFound(creationId));
    if (container.status !== 'FINISHED') return sendGraphError(res, dialect.notReady);
    if (store.usage(DAY_SECONDS) >= dialect.quotaTotal) return sendGraphError(res, dialect.capReached);
    const media = store.publish(container);
    if (store.faults.takeLostAnswer()) return sendGraphError(res, graphAnswers.serverError);
    sendJson(res, 200, { id: media.id });
  });

  route('GET', `/:version/:userId/${dialect.limitEdge}`, (req, res) => {
    if (!user(req, res)) return;
    const limit = { quota_usage: store.usage(DAY_SECONDS), config: { quota_total: dialect.quotaTotal, quota_duration: DAY_SECONDS } };
    sendJson(res, 200, { data: [pickFields(req, limit)] });
  });

  route('GET', `/:version/:userId/${dialect.listEdge}`, (req, res) => {
    if (!user(req, res)) return;
    const failure = store.faults.takeRead(req.params.userId!);
    if (failure) return sendGraphError(res, failure);
    sendJson(res, 200, graphList(req, store.published.map(dialect.mediaOf), 'timestamp'));
  });

  route('GET', '/:version/:id', async (req, res) => {
    const id = req.params.id!;
    const failure = store.containers.has(id) ? store.faults.takeRead(id) : null;
    if (failure) return sendGraphError(res, failure);
    const container = await store.read(id);
    if (container) return sendJson(res, 200, pickFields(req, dialect.statusOf(container)));
    const media = store.published.find((item) => item.id === id);
    if (media) return sendJson(res, 200, pickFields(req, dialect.mediaOf(media)));
    if (dialect.userIds.includes(id)) return sendJson(res, 200, pickFields(req, { id: dialect.userIds[0], username: dialect.username }));
    sendGraphError(res, graphAnswers.notFound(id));
  });
}
