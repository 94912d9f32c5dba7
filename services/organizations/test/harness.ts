import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '@planner/contracts';
import { behindGateway } from '@planner/gateway/testing';
import { OutboxEvent } from '@planner/service-kit/data';
import { publishEvent, startTestService, type TestService, type TestServiceContext } from '@planner/service-kit/testing';
import type { OrganizationsAdapters } from '../src/adapters/index.js';
import type { OrganizationsConfig } from '../src/config.js';
import { Member } from '../src/entities/member.entity.js';
import { organizationsService } from '../src/service.js';

/** The running service's context in a test: this file's infrastructure, the service's config and adapters, test keys. */
export type OrganizationsTestContext = TestService<OrganizationsConfig, OrganizationsAdapters>['ctx'];

export interface Harness {
  ctx: OrganizationsTestContext;
  api: Awaited<ReturnType<typeof behindGateway>>;
}

/**
 * The organizations service behind the real gateway on this file's own schema
 * and namespace, started from the same definition main runs: its routes,
 * consumers of auth's events, responders, job and outbox relay.
 */
export function useOrganizations(): Harness {
  const harness = {} as Harness;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const service = await startTestService(organizationsService);
    ({ ctx: harness.ctx, close } = service);
    harness.api = await behindGateway(service.app, 'organizations', harness.ctx.keys.jwks);
  });
  afterAll(async () => {
    await harness.api?.close();
    await close?.();
  });
  return harness;
}

/**
 * A user as auth announces them; the token may say otherwise (role advanced,
 * verified), so the read model is what decides.
 */
export async function registered(ctx: TestServiceContext, role: Role, emailVerified = true): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  await publishEvent(ctx, 'auth.user.registered', { userId: id, username: `u${id.slice(0, 8)}`, email: `${id}@example.com`, role, newsletterSubscribe: false, emailVerified });
  await expect.poll(() => ctx.dataSource.getRepository(Member).findOneBy({ userId: id }), { timeout: 5000 }).not.toBeNull();
  return { id, token: await ctx.keys.sign({ sub: id, role: 'advanced', email_verified: true }) };
}

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
