import {
  generateMediaRequestSchema,
  generateMediaResponseSchema,
  generateRequestSchema,
  generateResponseSchema,
  optimizeRequestSchema,
  optimizeResponseSchema,
  PostMessages,
} from '@planner/contracts';
import { HttpError, requireUser, type App } from '@planner/service-kit';
import { generateDraft, generateImage, magicEdit } from '../commands/generation.js';
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

  app.post(
    '/posts/optimize',
    { schema: { tags, description: 'The magic edit: the post rewritten as the prompt says.', body: optimizeRequestSchema, response: { 200: optimizeResponseSchema } } },
    async (request) => {
      const { post, sandbox } = await magicEdit(ctx, requireUser(request), request.body);
      return { optimized_post: post, sandbox, message: PostMessages.contentUpdated };
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
