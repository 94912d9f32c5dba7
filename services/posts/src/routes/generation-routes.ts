import {
  generateMediaRequestSchema,
  generateMediaResponseSchema,
  generateRequestSchema,
  generateResponseSchema,
  generationListQuerySchema,
  generationListResponseSchema,
  optimizeRequestSchema,
  optimizeResponseSchema,
  pageOf,
  postDeletedResponseSchema,
  PostMessages,
  postRegenerateResponseSchema,
  postRegenerateSchema,
} from '@planner/contracts';
import { HttpError, idParams, requireUser, type App } from '@planner/service-kit';
import { generateDraft, generateImage, magicEdit } from '../commands/generation.js';
import { discardGeneration, listGenerations } from '../commands/generations.js';
import { regeneratePost } from '../commands/regeneration.js';
import type { PostsContext } from '../context.js';

/**
 * AI generation (part 2 §2 Generator and Post form, §7 Posts): posts in the
 * brand voice, the magic edit and images, each counted against the owner's
 * daily quota (part 2 §1). A quota or provider 429 carries Retry-After.
 */
export async function generationRoutes(app: App, { ctx }: { ctx: PostsContext }): Promise<void> {
  const tags = ['generation'];

  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof HttpError && error.statusCode === 429 && error.extra.reset !== undefined) void reply.header('retry-after', String(error.extra.reset));
  });

  app.post(
    '/posts/generate',
    {
      schema: {
        tags,
        description: 'One post per platform in the organization’s brand voice; `posts` is keyed by platform name in the order asked, `draft_id` goes back with the post.',
        body: generateRequestSchema,
        response: { 200: generateResponseSchema },
      },
    },
    async (request) => {
      const { posts, draftId, sandbox } = await generateDraft(ctx, requireUser(request), request.body);
      return { posts, draft_id: draftId, sandbox, message: PostMessages.contentGenerated };
    },
  );

  app.get(
    '/posts/generations',
    {
      schema: {
        tags,
        description: 'The organization’s generations, newest first, a page at a time: what each wrote per platform, what it was asked, when and by whom (its `id` is the `draft_id` a post saved from it sends).',
        querystring: generationListQuerySchema,
        response: { 200: generationListResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { generations, total } = await listGenerations(ctx, requireUser(request), query);
      return { generations, pagination: pageOf(query.page, query.per_page, total) };
    },
  );

  app.delete(
    '/posts/generations/:id',
    { schema: { tags, description: 'Discards a generation; posts saved from it keep their original request.', params: idParams(), response: { 200: postDeletedResponseSchema } } },
    async (request) => {
      await discardGeneration(ctx, requireUser(request), request.params.id);
      return { message: PostMessages.generationDiscarded };
    },
  );

  app.post(
    '/posts/optimize',
    { schema: { tags, description: 'The magic edit: the post rewritten as the prompt says.', body: optimizeRequestSchema, response: { 200: optimizeResponseSchema } } },
    async (request) => {
      const { post, sandbox } = await magicEdit(ctx, requireUser(request), request.body);
      return { optimized_post: post, sandbox, message: PostMessages.contentUpdated };
    },
  );

  app.post(
    '/posts/:id/regenerate',
    {
      schema: {
        tags,
        description:
          'The post’s text written anew from its original request (400 without one) for its platforms, one text they share; `regenerate_media` also draws new images replacing its media (image: one, carousel: as many as it had and at least 2, story: one, and a story’s text is never regenerated on its own; short and video: Coming Soon; text posts have none). A content generation, plus a media generation per image. Saved as an edit: a new version, and an approved post that was queued is asked for again. 409 when the post’s status does not allow editing or it changed meanwhile.',
        params: idParams(),
        body: postRegenerateSchema,
        response: { 200: postRegenerateResponseSchema },
      },
    },
    async (request) => {
      const { post, sandbox } = await regeneratePost(ctx, requireUser(request), request.params.id, request.body?.regenerate_media ?? false);
      return { post, sandbox, message: PostMessages.contentRegenerated };
    },
  );

  app.post(
    '/generate_media',
    {
      schema: {
        tags,
        description: 'An image for a post (image, carousel, story), kept with the organization’s media.',
        body: generateMediaRequestSchema,
        response: { 200: generateMediaResponseSchema },
      },
    },
    async (request) => {
      const { media, sandbox } = await generateImage(ctx, requireUser(request), request.body);
      return { media_url: media.url, media, sandbox, message: PostMessages.mediaGenerated };
    },
  );
}
