import type { ConnectionCredentials, ConnectionPlatform, MediaType, PlatformPostOptions } from '@planner/contracts';
import type { PlatformMediaFacts } from '@planner/contracts/platform-post-rules';

/** One media item of a post, at a link the platform (or the adapter) can fetch: signed by the posts service for a day. */
export interface PublishableMedia {
  url: string;
  /** Sniffed from the bytes when the post was saved, e.g. image/png, video/mp4. */
  contentType: string;
  /** Read from the bytes when they were stored; absent for media stored before that, unknown parts null. */
  facts?: MediaFacts;
  /** A PNG's link as JPEG (the posts service converts it as it is fetched), for Instagram, which takes only JPEG. */
  jpegUrl?: string;
}

/** A media item's size and, for a video, what its container says (contracts' platform-post-rules read them). */
export type MediaFacts = PlatformMediaFacts;

/** What is published: the post's text and media, one version of it, for one platform. */
export interface PublishablePost {
  postId: string;
  organizationId: string;
  version: number;
  text: string;
  mediaType: MediaType;
  media: PublishableMedia[];
  /** The user's choices for the platforms that ask for them (TikTok's privacy level, YouTube's privacy status). */
  options: PlatformPostOptions;
}

/** The platform's answer once the post exists there. */
export interface PublishedPost {
  platformPostId: string;
  /** The public link; null where the platform gives none (a private YouTube upload still has one). */
  link: string | null;
  /**
   * What the user should know of how it went out where the platform did not do
   * as asked (YouTube locked an upload to private; an unaudited TikTok app
   * posted to the creator only), shown with the publication.
   */
  notice?: string;
}

/**
 * Handles an adapter recorded on the way (container id, media ids, upload
 * session URI, TikTok publish id): what the next attempt resumes from, and
 * what a recovery check asks the platform about.
 */
export type PublishHandle = Record<string, unknown>;

/**
 * How an adapter records its progress. Steps that are safe to repeat store
 * their handles with `remember` before going on; the one call that creates the
 * post runs inside `create`, which records that it is about to happen first,
 * so a worker that dies mid-call leaves a publication the next attempt checks
 * with `recover` instead of posting again blind.
 */
export interface PublishSteps {
  /** What earlier attempts remembered; {} on the first. */
  readonly handle: Readonly<PublishHandle>;
  remember(values: PublishHandle): Promise<void>;
  create<T>(call: () => Promise<T>): Promise<T>;
}

export interface PublishContext {
  post: PublishablePost;
  /** Fresh from the organizations service for this job; never cached beyond it, never logged. */
  credentials: ConnectionCredentials;
  steps: PublishSteps;
  /** Aborted when the worker stops. */
  signal: AbortSignal;
}

export interface RecoveryContext {
  post: PublishablePost;
  credentials: ConnectionCredentials;
  /** What the interrupted attempt remembered, including the handles of its create call. */
  handle: Readonly<PublishHandle>;
  signal: AbortSignal;
}

/**
 * Whether an interrupted create went out: `published` (record it),
 * `not_published` (publish now, from the remembered handles), or `unknown`
 * where the platform cannot be asked: the publication is then 'in doubt' for
 * the user to confirm or retry, never posted again on its own.
 */
export type RecoveryCheck = { status: 'published'; published: PublishedPost } | { status: 'not_published' } | { status: 'unknown'; reason: string };

/** A publish budget of one connection: at most `limit` posts in any `windowMs`. */
export interface RateWindow {
  limit: number;
  windowMs: number;
  /** How much of the budget this post takes (a Telegram album: one per message it holds); absent: 1. */
  cost?: number;
  /** Narrows the budget below the connection (a Telegram channel); absent: the whole connection. */
  scope?: string;
}

/** One platform's publishing, behind the one interface the worker calls. */
export interface PlatformAdapter {
  platform: ConnectionPlatform;
  /**
   * The platform's text and media rules for this post: a message naming what
   * is wrong (shown to the user as the publication's reason), or null.
   */
  check(post: PublishablePost): string | null;
  /**
   * This connection's publish budgets that this post uses, read from the
   * platform where its API tells (Instagram's content_publishing_limit);
   * some apply to one kind of post only (Facebook's reels).
   */
  rateWindows(credentials: ConnectionCredentials, signal: AbortSignal, post: PublishablePost): Promise<RateWindow[]>;
  publish(context: PublishContext): Promise<PublishedPost>;
  recover(context: RecoveryContext): Promise<RecoveryCheck>;
}
