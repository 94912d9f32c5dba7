import type { z } from 'zod';
import { PublishingMessages, type SandboxPostView, type sandboxPublishSchema } from '@planner/contracts';
import { notFound, type ServiceContext } from '@planner/service-kit';

interface SandboxPostRow {
  id: string;
  key: string;
  organization_id: string;
  platform: SandboxPostView['platform'];
  text: string;
  media_urls: string[];
  created_at: Date;
}

const SANDBOX_POST_COLUMNS = 'id, key, organization_id, platform, text, media_urls, created_at';

const rowView = ({ key: _key, created_at, ...row }: SandboxPostRow): SandboxPostView => ({ ...row, created_at: created_at.toISOString() });

/**
 * Adds posts to the Sandbox feed in one statement, answered in their order;
 * the same key twice is the same post, with its deliveries counted (a real
 * platform would have shown it twice).
 */
export async function addSandboxPosts(ctx: ServiceContext, posts: ReadonlyArray<z.infer<typeof sandboxPublishSchema>>): Promise<SandboxPostView[]> {
  // One row per key, its sends counted: one statement may not update the same row twice.
  const rows: SandboxPostRow[] = await ctx.dataSource.query(
    `WITH sent AS (
       SELECT DISTINCT ON (key) key, organization_id, platform, text, media_urls, count(*) OVER (PARTITION BY key) AS sends
         FROM jsonb_to_recordset($1::jsonb) AS p(key text, organization_id uuid, platform text, text text, media_urls text[])
        ORDER BY key
     )
     INSERT INTO sandbox_posts (key, organization_id, platform, text, media_urls, deliveries)
     SELECT key, organization_id, platform, text, media_urls, sends FROM sent
     ON CONFLICT (key) DO UPDATE SET deliveries = sandbox_posts.deliveries + EXCLUDED.deliveries
     RETURNING ${SANDBOX_POST_COLUMNS}`,
    [JSON.stringify(posts.map(({ key, organization_id, platform, text, media_urls }) => ({ key, organization_id, platform, text, media_urls })))],
  );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return posts.map((post) => rowView(byKey.get(post.key)!));
}

/** The feed's post with this key (`by: 'key'`) or id. */
export async function sandboxPost(ctx: ServiceContext, by: 'id' | 'key', value: string): Promise<SandboxPostView> {
  const [row] = (await ctx.dataSource.query(`SELECT ${SANDBOX_POST_COLUMNS} FROM sandbox_posts WHERE ${by} = $1`, [value])) as SandboxPostRow[];
  if (!row) throw notFound(PublishingMessages.sandboxPostNotFound);
  return rowView(row);
}
