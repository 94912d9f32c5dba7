import { PostRequests } from '@planner/contracts';
import { notFound, respond } from '@planner/service-kit';
import { signedMediaUrls } from '../commands/media.js';
import { findPost } from '../commands/posts.js';
import type { PostsContext } from '../context.js';
import { toPostView } from '../domain/post-view.js';

/** The scheduler, at publishing time: the post as it stands, its media as links a platform fetches without login, valid for a day. */
export const publishingRequests = [
  respond<typeof PostRequests.getForPublishing, PostsContext>(PostRequests.getForPublishing, async ({ post_id }, ctx) => {
    const post = await findPost(ctx, post_id);
    if (!post) throw notFound();
    return { ...toPostView(post), media_urls: signedMediaUrls(ctx, post.mediaPaths) };
  }),
];
