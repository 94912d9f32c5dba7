import type { z } from 'zod';
import { PublishingMessages, type SandboxPostView, type sandboxPublishSchema } from '@planner/contracts';
import { notFound, type ServiceContext } from '@planner/service-kit';
import { SandboxPost } from '../entities/sandbox-post.entity.js';

const viewOf = (post: SandboxPost): SandboxPostView => ({
  id: post.id,
  organization_id: post.organizationId,
  platform: post.platform,
  text: post.text,
  media_urls: post.mediaUrls,
  created_at: post.createdAt.toISOString(),
});

/** Adds a post to the Sandbox feed; the same key twice is the same post, with its deliveries counted. */
export async function addSandboxPost(ctx: ServiceContext, body: z.infer<typeof sandboxPublishSchema>): Promise<SandboxPostView> {
  // A second send of the key is counted, not shown twice: a real platform would have shown it twice.
  await ctx.dataSource.query(
    `INSERT INTO sandbox_posts (key, organization_id, platform, text, media_urls) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (key) DO UPDATE SET deliveries = sandbox_posts.deliveries + 1`,
    [body.key, body.organization_id, body.platform, body.text, body.media_urls],
  );
  return viewOf(await ctx.dataSource.getRepository(SandboxPost).findOneByOrFail({ key: body.key }));
}

export async function sandboxPostByKey(ctx: ServiceContext, key: string): Promise<SandboxPostView> {
  const post = await ctx.dataSource.getRepository(SandboxPost).findOneBy({ key });
  if (!post) throw notFound(PublishingMessages.sandboxPostNotFound);
  return viewOf(post);
}

export async function sandboxPost(ctx: ServiceContext, id: string): Promise<SandboxPostView> {
  const post = await ctx.dataSource.getRepository(SandboxPost).findOneBy({ id });
  if (!post) throw notFound(PublishingMessages.sandboxPostNotFound);
  return viewOf(post);
}
