import type { BaseConfig } from '../src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationRequests, SharedMessages } from '@planner/contracts';
import { ask, EventBus, HttpError, RequestFailedError, streamReplicasFromEnv } from '../src/index.js';
import { randomUUID } from 'node:crypto';
import { createTestContext, publishEvent, waitFor, type TestServiceContext } from '../src/testing/index.js';

let ctx: TestServiceContext<BaseConfig>;

beforeAll(async () => {
  ctx = await createTestContext({ name: 'bus' });
});

afterAll(async () => {
  await ctx?.cleanup();
});

describe('request/reply', () => {
  it('answers through the replying service', async () => {
    ctx.bus.reply<{ id: string }, { name: string }>('organizations.organization.get', 'organizations', async ({ id }) => ({ name: `org ${id}` }));
    await expect(ctx.bus.request('organizations.organization.get', { id: '7' })).resolves.toEqual({ name: 'org 7' });
  });

  it('carries the replier’s failure back as an error', async () => {
    ctx.bus.reply('organizations.template.get', 'organizations', async () => {
      throw new Error('template not found');
    });
    await expect(ctx.bus.request('organizations.template.get', {})).rejects.toThrow('template not found');
  });

  it('keeps a refusal meant for the user (status and message) across the hop', async () => {
    ctx.bus.reply('organizations.organization.set_status', 'organizations', async () => {
      throw new HttpError(403, 'You have reached your plan limit of 1 active accounts. Please deactivate an account or upgrade your plan.');
    });
    const error = await ctx.bus.request('organizations.organization.set_status', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 403, message: expect.stringMatching(/^You have reached your plan limit/) });
  });

  it('is answered by the replier, not by the stream, once the service has published an event', async () => {
    ctx.bus.reply('organizations.organization.facts', 'organizations', async () => ({ language: 'en' }));
    await ctx.bus.publish({
      eventId: randomUUID(),
      subject: 'organizations.organization.created',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
      data: {},
    });
    await expect(ctx.bus.request('organizations.organization.facts', {})).resolves.toEqual({ language: 'en' });
  });

  it('answers a request while an earlier one is still being handled', async () => {
    // The first request is answered only once the second has been handled: a replier taking one at a time never gets there.
    let secondHandled!: () => void;
    const second = new Promise<void>((resolve) => (secondHandled = resolve));
    ctx.bus.reply<{ n: number }, { n: number }>('organizations.organization.list_inactive', 'organizations', async ({ n }) => {
      if (n === 1) await second;
      else secondHandled();
      return { n };
    });
    const first = ctx.bus.request('organizations.organization.list_inactive', { n: 1 }, 2000);
    await expect(ctx.bus.request('organizations.organization.list_inactive', { n: 2 }, 2000)).resolves.toEqual({ n: 2 });
    await expect(first).resolves.toEqual({ n: 1 });
  });

  it('refuses a request larger than the server takes in one message as the caller’s 400, not the other service unavailable (issue 28)', async () => {
    let asked = 0;
    ctx.bus.reply(OrganizationRequests.access, 'organizations', async () => {
      asked += 1;
      return { organization_id: randomUUID(), owner_id: randomUUID(), as: 'owner', is_active: true };
    });
    const tooLarge = 'x'.repeat(ctx.bus.connection.info!.max_payload);
    const direct = await ctx.bus.request('organizations.organization.count', { tooLarge }, 500).catch((e: unknown) => e);
    expect(direct).toBeInstanceOf(HttpError);
    expect(direct).toMatchObject({ statusCode: 400, message: SharedMessages.requestTooLarge });
    // Through `ask`, where an unanswered request is a 503 naming the service.
    const asking = ask(ctx, OrganizationRequests.access, { organization_id: randomUUID(), user_id: tooLarge });
    await expect(asking).rejects.toMatchObject({ statusCode: 400, message: SharedMessages.requestTooLarge });
    expect(asked).toBe(0);
    await expect(ask(ctx, OrganizationRequests.access, { organization_id: randomUUID(), user_id: 'small' })).resolves.toMatchObject({ as: 'owner' });
    expect(asked).toBe(1);
  });

  it('fails clearly when nobody answers', async () => {
    const error = await ctx.bus.request('billing.subscription.get', {}, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toMatch(/^Request billing\.subscription\.get failed/);
  });
});

describe('transfers', () => {
  const bytesOf = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  };

  it('hands over bytes past the server’s max payload by name, whole, until the sender removes them', async () => {
    const bytes = Buffer.alloc(ctx.bus.connection.info!.max_payload * 3 + 12345);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 7) % 256;
    await expect(ctx.bus.request('organizations.organization.count', { bytes: bytes.toString('base64') }, 500)).rejects.toMatchObject({ statusCode: 400 });

    const name = await ctx.bus.putTransfer(bytes);
    const opened = await ctx.bus.openTransfer(name);
    expect((await bytesOf(opened!)).equals(bytes)).toBe(true);

    await ctx.bus.removeTransfer(name);
    expect(await ctx.bus.openTransfer(name)).toBeNull();
    expect(await ctx.bus.openTransfer(randomUUID())).toBeNull();
  });
});

describe('session revocation', () => {
  it('reaches the context verifier: a revoked session’s cached token is refused', async () => {
    const userId = randomUUID();
    const token = await ctx.keys.sign({ sub: userId, role: 'pro', sid: 'session-r' }, { issuedAt: Math.floor(Date.now() / 1000) - 5 });
    await ctx.verifier.verify(token);
    await publishEvent(ctx, 'auth.sessions.revoked', { userId, sessionIds: ['session-r'], reason: 'banned' });
    await waitFor(
      () => ctx.verifier.verify(token).then(() => 'valid', () => 'refused'),
      (state) => state === 'refused',
      3000,
    );
  });
});

describe('stream replicas', () => {
  const withBus = async (streamReplicas: number, use: (bus: EventBus) => Promise<void>) => {
    const bus = await EventBus.connect({ url: ctx.config.NATS_URL, name: 'bus-replicas', namespace: `replicas_${randomUUID().slice(0, 8)}`, logger: ctx.logger, streamReplicas });
    try {
      await use(bus);
    } finally {
      await bus.deleteStreams();
      await bus.close();
    }
  };

  it('reads NATS_STREAM_REPLICAS: 1 when unset, refusing what JetStream cannot keep', () => {
    expect(streamReplicasFromEnv(undefined)).toBe(1);
    expect(streamReplicasFromEnv('')).toBe(1);
    expect(streamReplicasFromEnv('3')).toBe(3);
    for (const bad of ['0', '2.5', 'three', '6']) expect(() => streamReplicasFromEnv(bad), bad).toThrow(/^NATS_STREAM_REPLICAS must be a whole number from 1 to 5/);
  });

  it('makes streams with the configured replica count (a single server cannot hold three copies)', async () => {
    await withBus(1, async (bus) => {
      const stream = await bus.ensureStream('posts.post.created');
      const jsm = await bus.connection.jetstreamManager();
      expect((await jsm.streams.info(stream)).config.num_replicas).toBe(1);
    });
    await withBus(3, async (bus) => {
      await expect(bus.ensureStream('posts.post.created')).rejects.toThrow(/replicas|resources/i);
    });
  });

  it('shows in its health a stream it found with fewer copies than configured and could not raise', async () => {
    const namespace = `replicas_${randomUUID().slice(0, 8)}`;
    const single = await EventBus.connect({ url: ctx.config.NATS_URL, name: 'bus-replicas-1', namespace, logger: ctx.logger, streamReplicas: 1 });
    const wantingThree = await EventBus.connect({ url: ctx.config.NATS_URL, name: 'bus-replicas-3', namespace, logger: ctx.logger, streamReplicas: 3 });
    try {
      const stream = await single.ensureStream('posts.post.created');
      expect(await single.ping()).toEqual({ parked: 0 });
      // The stream exists with one copy (made before the cluster grew): a single server takes the config of
      // three but keeps one, and the bus, which keeps using it, says so.
      await expect(wantingThree.ensureStream('posts.post.created')).resolves.toBe(stream);
      expect(await wantingThree.ping()).toEqual({
        parked: 0,
        streamsShortOfReplicas: [{ stream, replicas: 1, wanted: 3, reason: 'JetStream keeps 1 of 3 copies' }],
      });
    } finally {
      await single.deleteStreams();
      await single.close();
      await wantingThree.close();
    }
  });
});
