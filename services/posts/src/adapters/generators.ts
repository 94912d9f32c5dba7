import type { ConnectionPlatform } from '@planner/contracts';
import type { GenerationBrief } from '../domain/generation.js';

/** Writes posts with a language model, or (sandbox) from the inputs alone. */
export interface ContentGenerator {
  /** True when no model writes: the answers say so (`sandbox: true`). */
  readonly sandbox: boolean;
  /** One post per platform of the brief, in one call; each may still exceed its limit (the caller trims). */
  writePosts(brief: GenerationBrief): Promise<Map<ConnectionPlatform, string>>;
  /** The magic edit: the post rewritten as the instruction says, aiming at `limit` characters. */
  editPost(post: string, instruction: string, limit: number): Promise<string>;
}

/** Draws images for posts, or (sandbox) a placeholder. */
export interface ImageGenerator {
  readonly sandbox: boolean;
  /** A JPEG or PNG image (stored as JPEG). */
  createImage(prompt: string, size: '1024x1024' | '1024x1536'): Promise<Buffer>;
}

/**
 * Why the model's provider gave no usable answer: our credentials or request
 * were refused (misconfigured), it is busy (rate_limited, with its wait), down
 * or unreachable (unavailable), it declined the content (refused), or its
 * reply did not match the schema twice (malformed).
 */
export type GenerationFailureKind = 'misconfigured' | 'rate_limited' | 'unavailable' | 'refused' | 'malformed';

export class GenerationFailure extends Error {
  constructor(
    readonly kind: GenerationFailureKind,
    /** For rate_limited: the provider's retry-after, in seconds, when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`generation failed: ${kind}`);
    this.name = 'GenerationFailure';
  }
}
