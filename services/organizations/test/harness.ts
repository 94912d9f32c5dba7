import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { behindGateway } from '@planner/gateway/testing';
import { type App } from '@planner/service-kit';
import { OutboxEvent } from '@planner/service-kit/data';
import { createTestContext, type TestServiceContext } from '@planner/service-kit/testing';
import { buildApp } from '../src/app.js';
import { configSchema } from '../src/config.js';
import { entities, migrations } from '../src/entities/index.js';
import { Member } from '../src/entities/member.entity.js';
import { connectionResponders } from '../src/events/connection-credentials.js';
import { followMembers } from '../src/events/members.js';
import { organizationResponders } from '../src/routes/organization-routes.js';

export interface Harness {
  ctx: TestServiceContext;
  api: Awaited<ReturnType<typeof behindGateway>>;
}

/**
 * The organizations app behind the real gateway on this file's own schema and
 * namespace, following auth's events, answering requests and relaying its
 * outbox to the bus, as main runs it.
 */
export function useOrganizations(): Harness {
  const harness = {} as Harness;
  let app: App | undefined;
  beforeAll(async () => {
    harness.ctx = await createTestContext({ name: 'organizations', entities, migrations, configSchema });
    await followMembers(harness.ctx);
    organizationResponders(harness.ctx);
    connectionResponders(harness.ctx);
    await harness.ctx.relay.start();
    app = await buildApp(harness.ctx);
    harness.api = await behindGateway(app, 'organizations', harness.ctx.keys.jwks);
  });
  afterAll(async () => {
    await harness.api?.close();
    await app?.close();
    await harness.ctx?.cleanup();
  });
  return harness;
}

export function publish(ctx: TestServiceContext, subject: string, data: object) {
  return ctx.bus.publish({ eventId: randomUUID(), subject, occurredAt: new Date().toISOString(), schemaVersion: 1, data });
}

/**
 * A user as auth announces them; the token may say otherwise (role advanced,
 * verified), so the read model is what decides.
 */
export async function registered(ctx: TestServiceContext, role: string, emailVerified = true): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  await publish(ctx, 'auth.user.registered', { userId: id, username: `u${id.slice(0, 8)}`, email: `${id}@example.com`, role, newsletterSubscribe: false, emailVerified });
  await expect.poll(() => ctx.dataSource.getRepository(Member).findOneBy({ userId: id }), { timeout: 5000 }).not.toBeNull();
  return { id, token: await ctx.keys.sign({ sub: id, role: 'advanced', email_verified: true }) };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The events written to the outbox about one organization, oldest first. */
export async function outboxEventsOf(ctx: TestServiceContext, organizationId: string): Promise<Array<{ subject: string; data: Record<string, unknown> }>> {
  const rows = await ctx.dataSource
    .getRepository(OutboxEvent)
    .createQueryBuilder('e')
    .where(`e.envelope->'data'->>'organizationId' = :organizationId`, { organizationId })
    .orderBy('e.created_at', 'ASC')
    .getMany();
  return rows.map((row) => ({ subject: row.subject, data: row.envelope.data as Record<string, unknown> }));
}
