import { z } from 'zod';
import { PublishingMessages, sandboxPostSchema, sandboxPublishSchema } from '@planner/contracts';
import { idParams, type App, type ServiceContext } from '@planner/service-kit';
import { addSandboxPost, sandboxPost, sandboxPostByKey } from '../commands/sandbox-feed.js';
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
    { schema: { tags, description: 'Publishes to the Sandbox feed (workers only; not routed by the gateway).', body: sandboxPublishSchema, response: { 201: sandboxPostSchema } } },
    async (request, reply) => reply.code(201).send(await addSandboxPost(ctx, request.body)),
  );
  app.get(
    '/internal/sandbox/posts',
    { schema: { tags, description: 'The Sandbox post of a key, if it was published (a recovery check).', querystring: z.object({ key: z.string().min(1) }), response: { 200: sandboxPostSchema } } },
    async (request) => sandboxPostByKey(ctx, request.query.key),
  );
  app.get(
    '/sandbox/posts/:id',
    { schema: { tags, description: 'A Sandbox post as a page, labelled Sandbox.', params: idParams(PublishingMessages.sandboxPostNotFound) } },
    async (request, reply) => reply.type('text/html; charset=utf-8').send(sandboxPostPage(await sandboxPost(ctx, request.params.id))),
  );
}
