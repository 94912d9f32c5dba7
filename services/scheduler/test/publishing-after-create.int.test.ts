import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, TELEGRAM_PUBLIC_CHANNEL, type TelegramStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent } from '@planner/service-kit/testing';
import { PlatformError, type PlatformAdapter, type PlatformAdapters } from '../src/adapters/platforms/index.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1: once a create request may have reached the platform, an error
 * afterwards (a refusal on a status read, a refused token while checking)
 * must never settle the publication as failed: the post may be live, and a
 * Retry would post it twice. A Telegram connection (the bot's token) with an
 * adapter of this file whose create call goes through and whose every later
 * read is refused.
 */
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn({ channels: [TELEGRAM_PUBLIC_CHANNEL] });
});
afterAll(() => telegram?.close());

const calls = { creates: 0, recoveries: 0 };
const refusingAfterCreate: PlatformAdapter = {
  platform: 'telegram',
  check: () => null,
  rateWindows: async () => [],
  publish: async ({ steps }) => {
    await steps.create(async () => {
      calls.creates += 1;
    });
    // The create went out; the read of its status is refused (as Meta's code 100 / subcode 33 now and then).
    throw new PlatformError('permanent', 'Unsupported get request.');
  },
  recover: async () => {
    calls.recoveries += 1;
    throw new PlatformError('auth', 'The token was refused while checking.');
  },
};
const platforms = { ...acceptingPlatforms(), telegram: refusingAfterCreate } as PlatformAdapters;

const h = usePublishing(() => ({
  platforms,
  env: { PUBLISH_MAX_ATTEMPTS: '2' },
  organizationsEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.botToken },
}));

describe('an error after the create call', () => {
  it('is checked again later and ends in doubt, never failed, and the post is never created twice', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'telegram', { id: TELEGRAM_PUBLIC_CHANNEL.id, username: TELEGRAM_PUBLIC_CHANNEL.username });
    const postId = await h.addPost(organizationId, { content: 'Created, then refused', platforms: ['Telegram'] });
    await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['telegram'], dueAt: null });

    const publication = await h.settledPublication(postId, 45_000);
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('Telegram') });
    const outcomes = await h.attemptOutcomes(publication.id);
    expect(outcomes).toEqual(['retry', 'in_doubt']);
    expect(calls).toEqual({ creates: 1, recoveries: 1 });
  }, 60_000);
});
