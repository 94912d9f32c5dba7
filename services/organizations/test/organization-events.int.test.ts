import { beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@planner/contracts';
import { auth, registered, useOrganizations } from './harness.js';

// No NATS requests in this file: once the ORGANIZATIONS stream exists, JetStream answers a core request on an
// organizations.* subject with its publish ack before the responder can (a kit issue: request subjects need their own prefix).
const h = useOrganizations();

beforeAll(async () => {
  await h.ctx.relay.start();
});

describe('organization events on the bus', () => {
  it('reach another service’s durable consumer once the change is committed', async () => {
    const seen: EventEnvelope[] = [];
    await h.ctx.bus.consume({ durable: 'posts', subject: 'organizations.organization.created', handle: async (envelope) => void seen.push(envelope) });
    const user = await registered(h.ctx, 'pro');
    const org = (await h.api.send({ method: 'POST', url: '/organizations', payload: { name: 'Heard' }, headers: auth(user.token) })).json();
    await expect.poll(() => seen.map((e) => e.data), { timeout: 10_000 }).toContainEqual(expect.objectContaining({ organizationId: org.id, ownerId: user.id, name: 'Heard' }));
    expect(seen.filter((e) => (e.data as { organizationId: string }).organizationId === org.id)).toHaveLength(1);
  });
});
