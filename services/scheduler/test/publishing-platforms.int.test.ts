import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramStandIn, TELEGRAM_PUBLIC_CHANNEL, type TelegramStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent, waitFor } from '@planner/service-kit/testing';
import { PublicationAttempt } from '../src/entities/publication-attempt.entity.js';
import { Publication } from '../src/entities/publication.entity.js';
import { usePublishing } from './publishing-harness.js';

/**
 * The publish path with a real platform adapter (Telegram's, the Bot API
 * over HTTP) against its stand-in: what the platform answers decides waits,
 * failures and doubts, and the user is told.
 */
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn({ channels: [TELEGRAM_PUBLIC_CHANNEL] });
});
afterAll(() => telegram?.close());

const h = usePublishing(() => ({
  env: { TELEGRAM_API_URL: telegram.url },
  organizationsEnv: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegram.botToken },
}));

const channel = { id: TELEGRAM_PUBLIC_CHANNEL.id, username: TELEGRAM_PUBLIC_CHANNEL.username };

async function publishToTelegram(text: string, ownerId?: string) {
  const organizationId = await h.addOrganization({ sandboxPlatforms: [], ...(ownerId && { ownerId }) });
  await h.addConnection(organizationId, 'telegram', channel);
  const postId = await h.addPost(organizationId, { content: text, platforms: ['Telegram'] });
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['telegram'], dueAt: null });
  return { organizationId, postId };
}

const publicationOf = (postId: string) =>
  waitFor(
    () => h.ctx.dataSource.getRepository(Publication).findOneBy({ postId }),
    (row) => row !== null && row.state !== 'queued' && row.state !== 'publishing',
    40_000,
  ) as Promise<Publication>;
const attemptsOf = (publicationId: string) => h.ctx.dataSource.getRepository(PublicationAttempt).find({ where: { publicationId }, order: { number: 'ASC' } });
const sent = (text: string) => telegram.messages.filter((message) => message.text === text);
const postRow = async (postId: string) =>
  (await h.ctx.dataSource.query<Array<{ status: string; publications: Record<string, { status: string; link: string | null; reason: string | null }> }>>(
    `SELECT status, publications FROM ${h.table('posts', 'posts')} WHERE id = $1`,
    [postId],
  ))[0]!;

describe('publishing to a platform', () => {
  it('publishes to the channel with its link', async () => {
    const { postId } = await publishToTelegram('Plain and simple');
    const publication = await publicationOf(postId);
    expect(publication).toMatchObject({ state: 'published', sandbox: false });
    expect(publication.link).toBe(`https://t.me/${channel.username}/${publication.platformPostId}`);
    expect(sent('Plain and simple')).toHaveLength(1);
  });

  it('waits out a rate limit without using a try, then publishes once', async () => {
    telegram.failNext('rate_limited', { path: '/bot:token/sendMessage' });
    const { postId } = await publishToTelegram('After the limit');
    const publication = await publicationOf(postId);
    expect(publication.state).toBe('published');
    expect((await attemptsOf(publication.id)).map((attempt) => attempt.outcome)).toEqual(['waiting', 'published']);
    expect(publication.failures).toBe(0);
    expect(sent('After the limit')).toHaveLength(1);
  });

  it('fails once on a refused token, with the reason at the posts service, and does not try again on its own', async () => {
    telegram.failNext('expired_token', { path: '/bot:token/sendMessage', times: 2 });
    const { postId } = await publishToTelegram('Refused token');
    const publication = await publicationOf(postId);
    expect(publication).toMatchObject({ state: 'failed', reason: PublishingMessages.tokenRefused('Telegram') });
    expect((await attemptsOf(publication.id)).map((attempt) => attempt.outcome)).toEqual(['failed']);
    await waitFor(() => postRow(postId), (post) => post.status === 'failed', 20_000);
    expect((await postRow(postId)).publications.telegram).toMatchObject({ status: 'failed', reason: PublishingMessages.tokenRefused('Telegram') });
    // Nothing left to run it again.
    expect(await h.ctx.dataSource.getRepository(Publication).findOneByOrFail({ postId })).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('one platform refusing the post never stops the others: Telegram fails with its reason, X and LinkedIn (Sandbox) publish', async () => {
    telegram.failNext('refused', { path: '/bot:token/sendMessage' });
    const organizationId = await h.addOrganization({ sandboxPlatforms: ['x', 'linkedin'] });
    await h.addConnection(organizationId, 'telegram', channel);
    const postId = await h.addPost(organizationId, { content: 'Everywhere but Telegram', platforms: ['Telegram', 'X', 'LinkedIn'] });
    await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['telegram', 'x', 'linkedin'], dueAt: null });
    const settled = await waitFor(
      () => h.ctx.dataSource.getRepository(Publication).findBy({ postId }),
      (rows) => rows.length === 3 && rows.every((row) => !['queued', 'publishing'].includes(row.state)),
      40_000,
    );
    const byPlatform = Object.fromEntries(settled.map((row) => [row.platform, row]));
    const refusal = 'The bot may not post in the Telegram channel. Give it the Post Messages permission.';
    expect(byPlatform.telegram).toMatchObject({ state: 'failed', reason: refusal });
    expect(byPlatform.x).toMatchObject({ state: 'published', sandbox: true });
    expect(byPlatform.linkedin).toMatchObject({ state: 'published', sandbox: true });
    expect(sent('Everywhere but Telegram')).toHaveLength(0);
    // The posts service has each platform's outcome: the links of those it went out on, the reason of the one that refused.
    const post = await waitFor(() => postRow(postId), (row) => ['telegram', 'x', 'linkedin'].every((platform) => row.publications[platform] && row.publications[platform].status !== 'queued'), 20_000);
    expect(post.status).toBe('failed');
    expect(post.publications.x).toMatchObject({ status: 'published', link: byPlatform.x!.link });
    expect(post.publications.linkedin).toMatchObject({ status: 'published', link: byPlatform.linkedin!.link });
    expect(post.publications.telegram).toMatchObject({ status: 'failed', reason: refusal });
  }, 60_000);

  it('a send whose answer was a server error is in doubt (the Bot API cannot be asked), never sent again; the user confirms it', async () => {
    telegram.failNext('server_error', { path: '/bot:token/sendMessage' });
    const ownerId = crypto.randomUUID();
    const { postId } = await publishToTelegram('Did it go?', ownerId);
    const publication = await publicationOf(postId);
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('Telegram') });
    expect((await attemptsOf(publication.id)).map((attempt) => attempt.outcome)).toEqual(['retry', 'in_doubt']);
    await waitFor(() => postRow(postId), (post) => post.status === 'failed', 20_000);
    expect((await postRow(postId)).publications.telegram).toMatchObject({ status: 'in_doubt', reason: PublishingMessages.inDoubt('Telegram') });

    const token = await h.ctx.keys.sign({ sub: ownerId, role: 'pro' });
    const stranger = await h.ctx.keys.sign({ sub: crypto.randomUUID(), role: 'pro' });
    const confirm = (bearer: string) =>
      fetch(`${h.url}/publications/${publication.id}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ link: 'https://t.me/planner_news/77' }),
      });
    expect((await confirm(stranger)).status).toBe(404);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { publication: unknown }).publication).toMatchObject({ state: 'published', link: 'https://t.me/planner_news/77' });
    expect((await confirm(token)).status).toBe(409);
    await waitFor(() => postRow(postId), (post) => post.status === 'published', 20_000);

    const listed = await fetch(`${h.url}/publications?post_id=${postId}`, { headers: { authorization: `Bearer ${token}` } });
    const { publications } = (await listed.json()) as { publications: Array<{ attempts: Array<{ outcome: string }> }> };
    expect(publications[0]!.attempts.map((attempt) => attempt.outcome)).toEqual(['retry', 'in_doubt']);
  }, 60_000);
});
