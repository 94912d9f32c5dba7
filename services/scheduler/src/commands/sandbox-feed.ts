import type { SandboxPostView } from '@planner/contracts';
import { notFound, type ServiceContext } from '@planner/service-kit';
import { PublishingMessages } from '@planner/contracts';
import type { z } from 'zod';
import type { sandboxPublishSchema } from '@planner/contracts';
import { SandboxPost } from '../entities/sandbox-post.entity.js';

const viewOf = (post: SandboxPost): SandboxPostView => ({
  id: post.id,
  organization_id: post.organizationId,
  platform: post.platform,
  text: post.text,
  media_urls: post.mediaUrls,
  created_at: post.createdAt.toISOString(),
});

/** Adds a post to the Sandbox feed; the same key twice is the same post, as a platform's idempotent create would be. */
export async function addSandboxPost(ctx: ServiceContext, body: z.infer<typeof sandboxPublishSchema>): Promise<SandboxPostView> {
  await ctx.dataSource
    .createQueryBuilder()
    .insert()
    .into(SandboxPost)
    .values({ key: body.key, organizationId: body.organization_id, platform: body.platform, text: body.text, mediaUrls: body.media_urls })
    .orIgnore()
    .execute();
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
