import {
  pageOf,
  postActionResponseSchema,
  postApproveSchema,
  postDeletedResponseSchema,
  PostMessages,
  postListQuerySchema,
  postListResponseSchema,
  postRejectSchema,
  postRetrySchema,
  postSchema,
  postUpdateSchema,
  queuedCountQuerySchema,
  queuedCountResponseSchema,
} from '@planner/contracts';
import { idParams, requireUser, type App } from '@planner/service-kit';
import { countQueuedPosts, listReviewPosts, readPost } from '../commands/posts.js';
import { approvePost, clearPost, deletePost, rejectPost, retryPost, updatePost } from '../commands/review.js';
import type { PostsContext } from '../context.js';
import { platformNames } from '../domain/publish-answer.js';

/**
 * Post Review (part 2 §2, §4, §7): the list by status, one post, the form's
 * update, and the review actions. Every route acts on a post of an
 * organization the caller may see (another tenant's is a 404); changes need it active.
 */
export async function postRoutes(app: App, { ctx }: { ctx: PostsContext }): Promise<void> {
  const tags = ['posts'];
  const action = { tags, params: idParams(), response: { 200: postActionResponseSchema } };

  app.get(
    '/posts',
    {
      schema: {
        tags,
        description: 'An organization’s posts of one status (default pending review), newest scheduled first; unscheduled ones by creation time.',
        querystring: postListQuerySchema,
        response: { 200: postListResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { posts, total } = await listReviewPosts(ctx, requireUser(request), query);
      return { posts, pagination: pageOf(query.page, query.per_page, total), ...(total === 0 ? { message: PostMessages.noPostsForStatus } : {}) };
    },
  );

  app.get(
    '/posts/queued-count',
    {
      schema: {
        tags,
        description: 'How many of an organization’s posts wait to be published on a platform (Account Configuration asks before a disconnection).',
        querystring: queuedCountQuerySchema,
        response: { 200: queuedCountResponseSchema },
      },
    },
    async (request) => ({ count: await countQueuedPosts(ctx, requireUser(request), request.query.organization_id, request.query.platform) }),
  );

  app.get('/posts/:id', { schema: { tags, params: idParams(), response: { 200: postSchema } } }, async (request) =>
    readPost(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/posts/:id/update',
    { schema: { ...action, description: 'The post form’s edit; a change of what would be published makes a new version. `draft_id` (POST /posts/generate’s) makes that generation’s request the post’s original request, under the fields sent; another organization’s draft is a 404.', body: postUpdateSchema } },
    async (request) => ({ post: await updatePost(ctx, requireUser(request), request.params.id, request.body), message: PostMessages.postUpdated }),
  );

  app.post(
    '/posts/:id/approve',
    {
      schema: {
        ...action,
        description:
          'Publishes at the scheduled time, or now when none is set or it has passed. `scheduled_time` sets a new time (null or passed: now), as for a post that missed its auto-schedule slot.',
        body: postApproveSchema,
      },
    },
    async (request) => ({ post: await approvePost(ctx, requireUser(request), request.params.id, request.body), message: PostMessages.approved }),
  );

  app.post(
    '/posts/:id/reject',
    { schema: { ...action, description: 'A reason is required; withdraws publishing.', body: postRejectSchema } },
    async (request) => ({ post: await rejectPost(ctx, requireUser(request), request.params.id, request.body.reason), message: PostMessages.rejected }),
  );

  app.post(
    '/posts/:id/clear',
    { schema: { ...action, description: 'Undoes the review: an approved post goes back to pending review (publishing withdrawn); review notes are cleared.' } },
    async (request) => ({ post: await clearPost(ctx, requireUser(request), request.params.id), message: PostMessages.sentBackToReview }),
  );

  app.post(
    '/posts/:id/retry',
    {
      schema: {
        ...action,
        description:
          'A failed post: publishes again, as the same version, on the `platforms` chosen (each failed or in doubt on the post, else 400) or, without a body, on every platform it has not gone out on. A platform it went out on is never asked again.',
        body: postRetrySchema,
      },
    },
    async (request) => {
      const { post, retried } = await retryPost(ctx, requireUser(request), request.params.id, request.body);
      // While another platform is still failed, the message names those tried again.
      const message = post.status === 'failed' ? PostMessages.retryQueuedOn(platformNames(retried)) : PostMessages.retryQueued;
      return { post, message };
    },
  );

  app.delete('/posts/:id', { schema: { tags, params: idParams(), response: { 200: postDeletedResponseSchema } } }, async (request) => {
    await deletePost(ctx, requireUser(request), request.params.id);
    return { message: PostMessages.deleted };
  });
}
