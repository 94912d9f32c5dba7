import { describe, expect, it } from 'vitest';
import { organizationCountSchema, OrganizationRequests } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { registered, useOrganizations } from './harness.js';

const h = useOrganizations();

const count = async () => organizationCountSchema.parse(await h.ctx.bus.request(OrganizationRequests.count, {}, 3000)).total_organizations;

describe('organizations.organization.count', () => {
  it('counts every organization, a deactivated one too, and no longer a deleted one', async () => {
    const before = await count();
    const owner = await registered(h.ctx, 'pro');
    const headers = bearer(owner.token);
    const created = [];
    for (const name of ['One', 'Two', 'Three']) created.push((await h.api.send({ method: 'POST', url: '/organizations', payload: { name }, headers })).json());
    expect((await h.api.send({ method: 'PUT', url: `/organizations/${created[0].id}/deactivate`, payload: { reason: 'Paused' }, headers })).statusCode).toBe(200);
    expect(await count()).toBe(before + 3);

    expect((await h.api.send({ method: 'DELETE', url: `/organizations/${created[1].id}`, headers })).statusCode).toBe(200);
    expect(await count()).toBe(before + 2);
  });
});
