import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, startXStandIn, TELEGRAM_PUBLIC_CHANNEL, X_STAND_IN_USER, type TelegramStandIn, type XStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent, waitFor } from '@planner/service-kit/testing';
import type { PlatformAdapters } from '../src/adapters/platforms/index.js';
import { telegramAdapter } from '../src/adapters/platforms/telegram.js';
import { xAdapter } from '../src/adapters/platforms/x.js';
import { config } from './adapters/harness.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1 with the real X and Telegram adapters against their stand-ins:
 * a create call whose answer never came may have reached the platform (the
 * stand-in made the post after the adapter stopped waiting). X is then asked
 * whether it went out, and when that lookup fails (a refused token, a 5xx) the
 * publication is checked again or left in doubt, never failed; Telegram
 * cannot be asked, so it is in doubt at once. Either way the post exists once.
 */
let x: XStandIn;
let telegram: TelegramStandIn;
beforeAll(async () => {
  [x, telegram] = await Promise.all([startXStandIn({ slowMs: 1_500 }), startTelegramStandIn({ channels: [TELEGRAM_PUBLIC_CHANNEL], slowMs: 1_500 })]);
});
afterAll(() => Promise.all([x?.close(), telegram?.close()]));

// Calls that hear nothing for half a second give up: the stand-ins' slow answers come after that.
const timing = { requestTimeoutMs: 500, uploadTimeoutMs: 500 };
const h = usePublishing(() => ({
  platforms: {
    ...acceptingPlatforms(),
    x: xAdapter(config({ X_API_URL: x.url }), timing),
    telegram: telegramAdapter(config({ TELEGRAM_API_URL: telegram.url }), timing),
  } as PlatformAdapters,
  env: { PUBLISH_MAX_ATTEMPTS: '2' },
  organizationsEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.botToken },
}));

async function publish(organizationId: string, content: string, platform: 'x' | 'telegram') {
  const postId = await h.addPost(organizationId, { content, platforms: [platform === 'x' ? 'X' : 'Telegram'] });
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: [platform], dueAt: null });
  const publication = await h.settledPublication(postId, 50_000);
  const outcomes = await h.attemptOutcomes(publication.id);
  return { publication, outcomes };
}

describe('an error after the create call, with the real adapters', () => {
  it('X: the lookup after a lost create answer is refused, then fails: in doubt, never failed, and the post exists once', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'x', { username: X_STAND_IN_USER.username, name: X_STAND_IN_USER.name, user_id: X_STAND_IN_USER.id }, { access: X_STAND_IN_USER.token });
    const text = `Opening hours, lost answer ${randomBytes(4).toString('hex')}`;
    x.failNext('slow', { path: '/2/tweets' });
    x.failNext('expired_token', { path: '/2/users/:id/tweets' });
    x.failNext('server_error', { path: '/2/users/:id/tweets', times: 5 });

    const { publication, outcomes } = await publish(organizationId, text, 'x');
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('X') });
    expect(outcomes).toEqual(['retry', 'in_doubt']);
    // The create call reached X once; the lookup was asked and never followed by another create.
    expect(x.posts.filter((post) => post.text === text)).toHaveLength(1);
    expect(x.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets')).toHaveLength(1);
    expect(x.requests.filter((r) => r.path === `/2/users/${X_STAND_IN_USER.id}/tweets`).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('Telegram: a sendMessage whose answer never came is in doubt (the Bot API cannot be asked), sent once', async () => {
    const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
    await h.addConnection(organizationId, 'telegram', { id: TELEGRAM_PUBLIC_CHANNEL.id, username: TELEGRAM_PUBLIC_CHANNEL.username });
    const text = `Fresh bread, lost answer ${randomBytes(4).toString('hex')}`;
    telegram.failNext('slow', { path: '/bot:token/sendMessage' });

    const { publication, outcomes } = await publish(organizationId, text, 'telegram');
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('Telegram') });
    expect(outcomes).toEqual(['retry', 'in_doubt']);
    await waitFor(
      async () => telegram.messages.filter((message) => message.text === text),
      (sent) => sent.length > 0,
      5_000,
    );
    expect(telegram.messages.filter((message) => message.text === text)).toHaveLength(1);
  }, 60_000);
});
