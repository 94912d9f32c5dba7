import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrganizationMessages, type PlatformOutcome } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { usePosts } from './harness.js';

const h = usePosts();

const users = { alice: randomUUID(), bob: randomUUID() };
const tokens = {} as Record<keyof typeof users, string>;
let alice: string;
let bob: string;

const outcome = (status: PlatformOutcome['status']): PlatformOutcome => ({ status, link: null, reason: null, at: new Date().toISOString() });
const count = (query: string, token = tokens.alice) => h.api.send({ method: 'GET', url: `/posts/queued-count?${query}`, headers: bearer(token) });

beforeAll(async () => {
  tokens.alice = await h.ctx.keys.sign({ sub: users.alice, role: 'pro' });
  tokens.bob = await h.ctx.keys.sign({ sub: users.bob, role: 'pro' });
  [alice, bob] = await Promise.all([h.addOrganization(users.alice), h.addOrganization(users.bob)]);
  const later = new Date(Date.now() + 3_600_000);
  await Promise.all([
    // Two wait for X: approved and queued there, and a failed post whose X is still queued.
    h.addPost(alice, { status: 'approved', platforms: ['X', 'LinkedIn'], scheduledTime: later, publications: { x: outcome('queued'), linkedin: outcome('queued') } }),
    h.addPost(alice, { status: 'failed', platforms: ['X', 'Threads'], publications: { x: outcome('queued'), threads: outcome('failed') } }),
    // None of these: published on X, pending review, deleted, another organization's.
    h.addPost(alice, { status: 'published', platforms: ['X'], publications: { x: outcome('published') } }),
    h.addPost(alice, { status: 'pending_review', platforms: ['X'], scheduledTime: later }),
    h.addPost(alice, { status: 'approved', platforms: ['X'], scheduledTime: later, publications: { x: outcome('queued') }, deleted: true }),
    h.addPost(bob, { status: 'approved', platforms: ['X'], scheduledTime: later, publications: { x: outcome('queued') } }),
  ]);
});

describe('GET /posts/queued-count (what a disconnection leaves waiting)', () => {
  it('counts the organization’s posts queued on the platform, and nothing else', async () => {
    const x = await count(`organization_id=${alice}&platform=x`);
    expect(x.statusCode).toBe(200);
    expect(x.json()).toEqual({ count: 2 });
    expect((await count(`organization_id=${alice}&platform=linkedin`)).json()).toEqual({ count: 1 });
    expect((await count(`organization_id=${alice}&platform=telegram`)).json()).toEqual({ count: 0 });
  });

  it('answers only for an organization the caller may act on: another tenant’s is a 404', async () => {
    expect((await count(`organization_id=${bob}&platform=x`)).statusCode).toBe(404);
    expect((await count(`organization_id=${bob}&platform=x`, tokens.bob)).json()).toEqual({ count: 1 });
  });

  it('refuses a missing organization or an unknown platform with a 400, not a 500', async () => {
    const missing = await count('platform=x');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(OrganizationMessages.noOrganizationSelected);
    expect((await count(`organization_id=${alice}&platform=myspace`)).statusCode).toBe(400);
  });

  it('needs a login', async () => {
    expect((await h.api.send({ method: 'GET', url: `/posts/queued-count?organization_id=${alice}&platform=x` })).statusCode).toBe(401);
  });
});
