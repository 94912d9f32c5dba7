import { z } from 'zod';
import {
  hasFeature,
  OrganizationRequests,
  platformIdOf,
  PostMessages,
  type ConnectionPlatform,
  type GeneratedPost,
  type GenerateMediaRequest,
  type Identity,
  type MediaItem,
  type OptimizeRequest,
  type OrganizationFacts,
  type OriginalRequest,
} from '@planner/contracts';
import { actsAsAdmin, ask, badRequest, forbidden, HttpError, notFound, organizationAccess, organizationFacts, type ServiceContext } from '@planner/service-kit';
import { GenerationFailure } from '../adapters/generators.js';
import type { PostsContext } from '../context.js';
import { editFits, editLimit, fitToLimit, generationBrief, imagePrompt, originalRequestOf, within, withTemplate, type GenerationInput } from '../domain/generation.js';
import { generatedImageAsJpeg } from '../domain/jpeg-image.js';
import { mediaKeyOf } from '../domain/media-keys.js';
import { dailyGenerationLimit, waitText, type GenerationKind } from '../domain/quotas.js';
import { GenerationDraft } from '../entities/generation-draft.entity.js';
import { storeMedia } from './media.js';
import { takeGeneration } from './quotas.js';

/** What may generate, for whom and how often: the organization's facts and the day's limit (null: unlimited). */
interface Gate {
  organizationId: string;
  facts: OrganizationFacts;
  limit: number | null;
}

/**
 * Part 2 §6: generating needs the generator (basic and test are refused), an
 * organization the caller may act on (404 otherwise) that is active, and an
 * owner's plan with generations of this kind (part 2 §1); admins are unlimited.
 */
async function generationGate(ctx: PostsContext, caller: Identity, organizationId: string, kind: GenerationKind): Promise<Gate> {
  const notInPlan = kind === 'content' ? PostMessages.generationNotInPlan : PostMessages.upgradeForMedia;
  if (!hasFeature(caller.role, 'generator')) throw forbidden(notInPlan);
  const [access, facts] = await Promise.all([
    organizationAccess(ctx, caller, organizationId, { requireActive: true }),
    organizationFacts(ctx, organizationId),
  ]);
  const limit = access.as === 'admin' || actsAsAdmin(caller) ? null : dailyGenerationLimit(facts.plan, kind);
  if (limit === 0) throw forbidden(notInPlan);
  return { organizationId: access.organization_id, facts, limit };
}

/** The provider's failure as the caller sees it; anything else passes unchanged. */
function answerFor(error: unknown): unknown {
  if (!(error instanceof GenerationFailure)) return error;
  switch (error.kind) {
    case 'misconfigured':
      return new HttpError(503, PostMessages.generationMisconfigured);
    case 'unavailable':
      return new HttpError(503, PostMessages.generationUnavailable);
    case 'refused':
      return new HttpError(422, PostMessages.generationRefused);
    case 'malformed':
      return new HttpError(502, PostMessages.generationReplyInvalid);
    case 'rate_limited': {
      const seconds = error.retryAfterSeconds ?? 60;
      return new HttpError(429, PostMessages.generationRateLimited(waitText(seconds)), { reset: seconds });
    }
  }
}

/**
 * The quota units one request has taken, given back together when it fails:
 * a regeneration takes a content unit and then media units, and an image that
 * fails (or a post changed meanwhile) gives the text's unit back too.
 */
export class QuotaUnits {
  readonly #giveBacks: Array<() => Promise<void>> = [];

  constructor(private readonly ctx: PostsContext) {}

  /** Takes a unit of the gate's kind (429 when none is left); unlimited gates take none. */
  async take(gate: Gate, kind: GenerationKind): Promise<void> {
    if (gate.limit === null) return;
    this.#giveBacks.push(await takeGeneration(this.ctx.redis, { ownerId: gate.facts.owner_id, kind, limit: gate.limit, timeZone: gate.facts.timezone }));
  }

  /** Gives back every unit taken so far (once). */
  async giveBack(): Promise<void> {
    const giveBacks = this.#giveBacks.splice(0);
    await Promise.all(
      giveBacks.map((giveBack) => giveBack().catch((failure: unknown) => this.ctx.logger.error({ err: failure }, 'a failed generation’s quota unit could not be given back'))),
    );
  }
}

/** Runs one generation against the day's quota: a unit is taken first, and the request's units are given back when the generation fails. */
async function metered<T>(ctx: PostsContext, gate: Gate, kind: GenerationKind, work: () => Promise<T>, units = new QuotaUnits(ctx)): Promise<T> {
  await units.take(gate, kind);
  try {
    return await work();
  } catch (error) {
    await units.giveBack();
    throw answerFor(error);
  }
}

/** Posts keyed by platform display name in the order asked (part 2 §7: the first entry holds the post). */
type GeneratedPosts = Record<string, GeneratedPost>;

/**
 * Checks the input (400 with the spec's message) and writes a post per
 * platform within its limit; `run` makes the generator's call (counted
 * against a quota, or not).
 */
async function writeBrief(
  ctx: PostsContext,
  input: GenerationInput,
  language: string,
  run: (write: () => Promise<Map<ConnectionPlatform, string>>) => Promise<Map<ConnectionPlatform, string>>,
): Promise<{ posts: GeneratedPosts; request: OriginalRequest; sandbox: boolean }> {
  const checked = generationBrief(input, { language });
  if ('problem' in checked) throw badRequest(checked.problem);
  const { brief } = checked;
  const generator = ctx.adapters.contentGenerator;
  const written = await run(() => generator.writePosts(brief));
  const posts = Object.fromEntries(brief.platforms.map((target) => [target.name, { post: fitToLimit(written.get(target.platform) ?? '', within(target.limit, target.platform)) }]));
  return { posts, request: originalRequestOf(input, brief), sandbox: generator.sandbox };
}

/** Checks the input (400 with the spec's message), writes a post per platform within its limit, counted against the quota. */
function writePosts(ctx: PostsContext, gate: Gate, input: GenerationInput, units?: QuotaUnits): Promise<{ posts: GeneratedPosts; request: OriginalRequest; sandbox: boolean }> {
  return writeBrief(ctx, input, gate.facts.language, (write) => metered(ctx, gate, 'content', write, units));
}

/**
 * The texts of an auto-schedule's post (slot opening), written from the
 * schedule's settings as a generation is, without the caller's gates or the
 * daily quota: the schedule was set up by a user with Auto-Post, and each
 * makes at most one post a slot (decisions/auto-schedules.md). The
 * generator's failures come as they are.
 */
export async function writeSchedulePosts(ctx: PostsContext, input: GenerationInput & { language: string }): Promise<{ posts: GeneratedPosts; sandbox: boolean }> {
  const { posts, sandbox } = await writeBrief(ctx, input, input.language, (write) => write());
  return { posts, sandbox };
}

/**
 * POST /posts/generate: one post per platform in the brand voice, a chosen
 * template filling the fields left empty, kept as a draft whose id the post
 * form sends back with the post.
 */
export async function generateDraft(
  ctx: PostsContext,
  caller: Identity,
  input: GenerationInput & { organization_id: string; template_id?: string | undefined },
): Promise<{ posts: GeneratedPosts; draftId: string; sandbox: boolean }> {
  const gate = await generationGate(ctx, caller, input.organization_id, 'content');
  const filled = input.template_id
    ? withTemplate(input, await ask(ctx, OrganizationRequests.template, { organization_id: gate.organizationId, template_id: input.template_id }))
    : input;
  const { posts, request, sandbox } = await writePosts(ctx, gate, filled);
  const drafts = ctx.dataSource.getRepository(GenerationDraft);
  const draft = await drafts.save(drafts.create({ organizationId: gate.organizationId, createdBy: caller.userId, request, posts, sandbox }));
  return { posts, draftId: draft.id, sandbox };
}

/**
 * Regenerate (POST /posts/{id}/regenerate): the posts for a saved post's
 * original request, with the same checks and quota as a generation; the unit
 * is taken into `units` when the caller has more to do before it succeeds.
 */
export async function generateFromRequest(
  ctx: PostsContext,
  caller: Identity,
  organizationId: string,
  request: OriginalRequest,
  units?: QuotaUnits,
): Promise<{ posts: GeneratedPosts; sandbox: boolean }> {
  const gate = await generationGate(ctx, caller, organizationId, 'content');
  const { posts, sandbox } = await writePosts(ctx, gate, request, units);
  return { posts, sandbox };
}

/** POST /posts/optimize, the magic edit: the post rewritten as the prompt says, within its platforms' limit; a content generation. */
export async function magicEdit(ctx: PostsContext, caller: Identity, input: OptimizeRequest): Promise<{ post: string; sandbox: boolean }> {
  const gate = await generationGate(ctx, caller, input.organization_id, 'content');
  if (input.post.trim() === '') throw badRequest(PostMessages.editPostRequired);
  if (input.prompt.trim() === '') throw badRequest(PostMessages.editPromptRequired);
  const unknown = input.platforms.find((name) => platformIdOf(name) === null);
  if (unknown !== undefined) throw badRequest(PostMessages.unknownPlatform(unknown));
  const generator = ctx.adapters.contentGenerator;
  const edited = await metered(ctx, gate, 'content', () => generator.editPost(input.post, input.prompt, editLimit(input.platforms)));
  return { post: fitToLimit(edited, editFits(input.platforms)), sandbox: generator.sandbox };
}

/** Keeps a generated image as an upload is kept (sniffed, stored, recorded), as JPEG (generatedImageAsJpeg), served under /api/media/<key>. */
async function storeGeneratedImage(ctx: PostsContext, organizationId: string, createdBy: string, image: Buffer): Promise<MediaItem> {
  const stored = await storeMedia(ctx, organizationId, await generatedImageAsJpeg(image), { source: 'generated', createdBy });
  const file = stored.key.slice(stored.key.indexOf('/') + 1);
  return { id: file.slice(0, file.indexOf('.')), url: `/api/media/${stored.key}`, file, type: stored.mime, source: 'generated' };
}

/**
 * POST /generate_media, and an image for a post's content (regenerate_media):
 * images for image, carousel and story posts (part 2 §5: story needs a
 * custom prompt; short and video are 'Coming Soon'), a media generation.
 */
export async function generateImage(
  ctx: PostsContext,
  caller: Identity,
  input: GenerateMediaRequest,
  units?: QuotaUnits,
): Promise<{ media: MediaItem; sandbox: boolean }> {
  const gate = await generationGate(ctx, caller, input.organization_id, 'media');
  if (input.media_type === 'short' || input.media_type === 'video') throw badRequest(PostMessages.comingSoon);
  if (input.media_type === 'text') throw badRequest(PostMessages.invalidMediaType);
  if (input.media_type === 'story' && input.custom_prompt.trim() === '') throw badRequest(PostMessages.storyPromptRequired);
  if (input.custom_prompt.trim() === '' && input.content.trim() === '') throw badRequest(PostMessages.mediaPromptRequired);
  if (input.platform.trim() !== '' && platformIdOf(input.platform) === null) throw badRequest(PostMessages.unknownPlatform(input.platform));
  const prompt = { content: input.content, customPrompt: input.custom_prompt, mediaType: input.media_type, businessName: gate.facts.name };
  const media = await metered(ctx, gate, 'media', () => drawImage(ctx, gate.organizationId, caller.userId, prompt), units);
  return { media, sandbox: ctx.adapters.imageGenerator.sandbox };
}

/** Draws an image as imagePrompt describes it and keeps it as the organization's generated media. */
async function drawImage(ctx: PostsContext, organizationId: string, createdBy: string, prompt: Parameters<typeof imagePrompt>[0]): Promise<MediaItem> {
  const { prompt: text, size } = imagePrompt(prompt);
  return storeGeneratedImage(ctx, organizationId, createdBy, await ctx.adapters.imageGenerator.createImage(text, size));
}

/**
 * An image for an auto-schedule's post (slot opening), drawn from its text
 * as generate_media draws one, without the daily quota (as its text);
 * answers its storage key.
 */
export async function drawScheduleImage(
  ctx: PostsContext,
  organizationId: string,
  createdBy: string,
  prompt: Parameters<typeof imagePrompt>[0],
): Promise<string> {
  const media = await drawImage(ctx, organizationId, createdBy, prompt);
  return mediaKeyOf(media.url)!;
}

/** A generation draft as the post form's save reads it back (part 2 §3 Original generation request). */
export interface DraftView {
  id: string;
  request: OriginalRequest;
  posts: GeneratedPosts;
  sandbox: boolean;
  createdBy: string;
  createdAt: Date;
}

/** One of the organization's drafts, else 404 (another organization's id is not revealed). The caller's access is checked by the route. */
export async function draftOf(ctx: ServiceContext, organizationId: string, draftId: string): Promise<DraftView> {
  const draft = z.uuid().safeParse(draftId).success ? await ctx.dataSource.getRepository(GenerationDraft).findOneBy({ id: draftId, organizationId }) : null;
  if (!draft) throw notFound();
  return { id: draft.id, request: draft.request, posts: draft.posts, sandbox: draft.sandbox, createdBy: draft.createdBy, createdAt: draft.createdAt };
}
