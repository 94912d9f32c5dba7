import { PostRequests } from '@planner/contracts';
import { notFound, respond } from '@planner/service-kit';
import { signedMediaUrls } from '../commands/media.js';
import { findPost } from '../commands/posts.js';
import type { PostsContext } from '../context.js';
import { mimeOfExtension } from '../domain/media-types.js';
import { toPostView } from '../domain/post-view.js';

/** The scheduler, at publishing time: the post as it stands, its media as links a platform fetches without login, valid for a day, with their types. */
export const publishingRequests = [
  respond<typeof PostRequests.getForPublishing, PostsContext>(PostRequests.getForPublishing, async ({ post_id }, ctx) => {
    const post = await findPost(ctx, post_id);
    if (!post) throw notFound();
    const urls = signedMediaUrls(ctx, post.mediaPaths);
    // Keys carry the extension of the type sniffed from their bytes when stored.
    const media = post.mediaPaths.map((key, i) => ({ url: urls[i]!, content_type: mimeOfExtension(key.split('.').pop() ?? '') ?? 'application/octet-stream' }));
    return { ...toPostView(post), media };
  }),
];
