import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, TELEGRAM_PUBLIC_CHANNEL, type TelegramStandIn } from '@planner/platform-stand-ins';
import { publishEvent, waitFor } from '@planner/service-kit/testing';
import type { PlatformAdapter, PlatformAdapters } from '../src/adapters/platforms/index.js';
import { Publication } from '../src/entities/publication.entity.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * A platform that published otherwise than asked (YouTube kept an upload
 * private, an unaudited TikTok app posted to the creator only) says so: the
 * adapter's notice is the publication's reason and reaches the post's outcome.
 */
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn({ channels: [TELEGRAM_PUBLIC_CHANNEL] });
});
afterAll(() => telegram?.close());

const NOTICE = 'Published, but only its creator can see it.';
const publishingWithNotice: PlatformAdapter = {
  ...acceptingPlatforms().telegram,
  publish: async ({ steps }) => steps.create(async () => ({ platformPostId: '42', link: 'https://t.me/c/1/42', notice: NOTICE })),
};

const h = usePublishing(() => ({
  platforms: { ...acceptingPlatforms(), telegram: publishingWithNotice } as PlatformAdapters,
  organizationsEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.botToken },
}));

describe('a publication published with a notice', () => {
  it('keeps the notice as its reason, and the post shows it with the link', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'telegram', { id: TELEGRAM_PUBLIC_CHANNEL.id, username: TELEGRAM_PUBLIC_CHANNEL.username });
    const postId = await h.addPost(organizationId, { content: 'Published with a notice', platforms: ['Telegram'] });
    await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['telegram'], dueAt: null });

    const publication = await waitFor(
      () => h.ctx.dataSource.getRepository(Publication).findOneBy({ postId }),
      (row) => row?.state === 'published',
      30_000,
    );
    expect(publication).toMatchObject({ state: 'published', link: 'https://t.me/c/1/42', reason: NOTICE });
    const [post] = await waitFor(
      () => h.ctx.dataSource.query<Array<{ publications: Record<string, { status: string; reason: string | null; link: string | null }> }>>(`SELECT publications FROM ${h.table('posts', 'posts')} WHERE id = $1`, [postId]),
      (rows) => rows[0]?.publications.telegram?.status === 'published',
      30_000,
    );
    expect(post!.publications.telegram).toMatchObject({ status: 'published', link: 'https://t.me/c/1/42', reason: NOTICE });
  }, 60_000);
});
