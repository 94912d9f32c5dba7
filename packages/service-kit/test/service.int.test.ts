import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, SchedulerRequests, SharedMessages } from '@planner/contracts';
import { ask, consume, defineService, HttpError, job, PartUnavailableError, respond, routes, startService, type RunningService } from '../src/index.js';
import { createTestContext, waitFor, type TestServiceContext } from '../src/testing/index.js';

/** What the service under test saw, in order. */
const seen: string[] = [];
let reply: unknown = { total_schedules: 3, active_schedules: 1 };

/** A service of every kind of entry point, answering as the scheduler would. */
const kitchen = defineService({
  name: 'scheduler',
  description: 'A service with one entry point of each kind.',
  configSchema: (await import('../src/config.js')).baseConfigSchema,
  database: {},
  entryPoints: [
    routes(async (app) => {
      app.get('/ping', async () => ({ pong: true }));
    }),
    consume('organizations.organization.deleted', async ({ organizationId }) => {
      seen.push(`deleted ${organizationId}`);
    }),
    respond(SchedulerRequests.count, async ({ organization_ids }) => {
      if (organization_ids?.includes('00000000-0000-4000-8000-000000000404')) throw new HttpError(404, 'No such organization');
      return reply as { total_schedules: number; active_schedules: number };
    }),
    job('first', async () => () => void seen.push('first stopped')),
    job('second', async () => () => void seen.push('second stopped')),
  ],
});

let ctx: TestServiceContext;
let service: RunningService<TestServiceContext>;

beforeAll(async () => {
  ctx = await createTestContext({ name: 'scheduler' });
  service = await startService(kitchen, ctx);
});

afterAll(async () => {
  await ctx?.cleanup();
});

const deleted = (organizationId: string, eventId = randomUUID()) =>
  ctx.bus.publish({ eventId, subject: 'organizations.organization.deleted', occurredAt: new Date().toISOString(), schemaVersion: EVENT_VERSIONS['organizations.organization.deleted'], data: { organizationId, ownerId: randomUUID(), reason: 'owner_request' } });

describe('startService', () => {
  it('registers the routes on the app', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/ping' })).json()).toEqual({ pong: true });
  });

  it('consumes: a payload outside its contract is skipped, the next one handled', async () => {
    await ctx.bus.publish({ eventId: randomUUID(), subject: 'organizations.organization.deleted', occurredAt: new Date().toISOString(), schemaVersion: 1, data: { organizationId: 7 } });
    const id = randomUUID();
    await deleted(id);
    await waitFor(() => seen.filter((entry) => entry.startsWith('deleted')), (entries) => entries.length > 0);
    expect(seen.filter((entry) => entry.startsWith('deleted'))).toEqual([`deleted ${id}`]);
  });
});

describe('respond and ask', () => {
  it('answers a request in its contract', async () => {
    expect(await ask(ctx, SchedulerRequests.count, {})).toEqual({ total_schedules: 3, active_schedules: 1 });
  });

  it('refuses a request outside its contract with a 400, on both ends', async () => {
    // The asker checks before it sends…
    await expect(ask(ctx, SchedulerRequests.count, { organization_ids: ['not an id'] })).rejects.toMatchObject({ statusCode: 400 });
    // …and the responder checks what reaches it all the same.
    await expect(ctx.bus.request(SchedulerRequests.count, { organization_ids: 'everything' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('passes on a refusal meant for the user', async () => {
    await expect(ask(ctx, SchedulerRequests.count, { organization_ids: ['00000000-0000-4000-8000-000000000404'] })).rejects.toMatchObject({
      statusCode: 404,
      message: 'No such organization',
    });
  });

  it('takes a reply outside the contract for no answer: a 503 naming the service', async () => {
    reply = { total_schedules: 'many' };
    try {
      const error = await ask(ctx, SchedulerRequests.count, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PartUnavailableError);
      expect(error).toMatchObject({ statusCode: 503, message: SharedMessages.serviceUnavailable, extra: { unavailable: ['scheduler'] } });
    } finally {
      reply = { total_schedules: 3, active_schedules: 1 };
    }
  });

  it('turns no answer in time into a 503 naming the service', async () => {
    const error = await ask(ctx, 'posts.statistics.for_organization', { organization_id: randomUUID() }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, extra: { unavailable: ['posts'] } });
  });
});

describe('a start that fails', () => {
  it('names the entry point, and stops what had started', async () => {
    const stopped: string[] = [];
    const broken = defineService({
      name: 'scheduler',
      description: 'A job that cannot start after one that did.',
      configSchema: (await import('../src/config.js')).baseConfigSchema,
      database: {},
      entryPoints: [
        job('fine', async () => () => void stopped.push('fine')),
        job('mailbox', async () => {
          throw new Error('port 2525 is taken');
        }),
      ],
    });
    await expect(startService(broken, ctx)).rejects.toThrow('job mailbox: port 2525 is taken');
    expect(stopped).toEqual(['fine']);
  });
});

describe('stop', () => {
  it('closes the app, then stops the jobs, last started first', async () => {
    await service.stop();
    expect(seen.slice(-2)).toEqual(['second stopped', 'first stopped']);
    await expect(service.app.inject({ method: 'GET', url: '/ping' })).rejects.toThrow();
  });
});
