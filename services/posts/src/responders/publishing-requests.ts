import { In } from 'typeorm';
import { PostRequests, type PostForPublishing } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { signedMediaUrls, storedMediaFacts } from '../commands/media.js';
import { JPEG_RENDITION_TYPES } from '../domain/jpeg-image.js';
import { jpegRenditionKey } from '../domain/media-keys.js';
import type { PostsContext } from '../context.js';
import { mimeOfExtension } from '../domain/media-types.js';
import { toPostView } from '../domain/post-view.js';
import { Post } from '../entities/post.entity.js';

/** What one answer carries at most, well inside NATS' 1 MB message: the rest is asked for again. */
const ANSWER_BUDGET_CHARS = 400_000;

/**
 * The scheduler, at publishing time, for a batch of publications: the posts as
 * they stand, their media as links a platform fetches without login, valid for
 * a day, with their types. A deleted post is absent from the answer.
 */
export const publishingRequests = [
  respond<typeof PostRequests.getForPublishing, PostsContext>(PostRequests.getForPublishing, async ({ post_ids }, ctx) => {
    const found = await ctx.dataSource.getRepository(Post).findBy({ id: In(post_ids) });
    const facts = await storedMediaFacts(ctx, found.flatMap((post) => post.mediaPaths));
    const posts: PostForPublishing[] = [];
    const remaining: string[] = [];
    let size = 0;
    for (const post of found) {
      const urls = signedMediaUrls(ctx, post.mediaPaths);
      // Keys carry the extension of the type sniffed from their bytes when stored.
      const media = post.mediaPaths.map((key, i) => {
        const contentType = mimeOfExtension(key.split('.').pop() ?? '') ?? 'application/octet-stream';
        return {
          url: urls[i]!,
          content_type: contentType,
          ...(facts.has(key) && { facts: facts.get(key) }),
          // The platforms that take only JPEG (Instagram) fetch this one instead.
          ...(JPEG_RENDITION_TYPES.includes(contentType) && { jpeg_url: signedMediaUrls(ctx, [jpegRenditionKey(key)])[0]! }),
        };
      });
      // Text counts up to 4 bytes a character once encoded; the first post always goes.
      size += post.content.length * 4 + 2_000 + urls.join('').length;
      if (posts.length > 0 && size > ANSWER_BUDGET_CHARS) remaining.push(post.id);
      else posts.push({ ...toPostView(post), media });
    }
    return { posts, remaining };
  }),
];
