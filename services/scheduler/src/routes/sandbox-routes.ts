import { z } from 'zod';
import { PublishingMessages, sandboxPostSchema, sandboxPostsSchema, sandboxPublishBatchSchema } from '@planner/contracts';
import { extractContext, idParams, SpanKind, tracer, type App, type ServiceContext } from '@planner/service-kit';
import { addSandboxPosts, sandboxPost } from '../commands/sandbox-feed.js';
import { sandboxPostPage } from '../domain/sandbox-page.js';

/**
 * The Sandbox feed: where Sandbox connections publish on a machine without
 * the platforms' keys. Writing is under /internal, which the gateway does not
 * route (only the scheduler's workers reach it); reading a post is public, at
 * the link its publication shows, as a platform's post is.
 */
export async function sandboxRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['sandbox'];
  app.post(
    '/internal/sandbox/posts',
    {
      schema: {
        tags,
        description: 'Publishes posts to the Sandbox feed, answered in their order (workers only; not routed by the gateway).',
        body: sandboxPublishBatchSchema,
        response: { 201: sandboxPostsSchema },
      },
    },
    async (request, reply) => {
      // Each post's span joins the trace of the job that sent it: one request carries several jobs' posts.
      const spans = request.body.posts.map((post) =>
        tracer().startSpan('Sandbox feed post', { kind: SpanKind.SERVER, attributes: { 'sandbox.key': post.key } }, extractContext(post.trace)),
      );
      try {
        return reply.code(201).send({ posts: await addSandboxPosts(ctx, request.body.posts) });
      } finally {
        for (const span of spans) span.end();
      }
    },
  );
  app.get(
    '/internal/sandbox/posts',
    { schema: { tags, description: 'The Sandbox post of a key, if it was published (a recovery check).', querystring: z.object({ key: z.string().min(1) }), response: { 200: sandboxPostSchema } } },
    async (request) => sandboxPost(ctx, 'key', request.query.key),
  );
  app.get(
    '/sandbox/posts/:id',
    { schema: { tags, description: 'A Sandbox post as a page, labelled Sandbox.', params: idParams(PublishingMessages.sandboxPostNotFound) } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(sandboxPostPage(await sandboxPost(ctx, 'id', request.params.id))),
  );
}
