import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkedInStandIn, type LinkedInStandIn } from '@planner/platform-stand-ins';
import { PublishingMessages } from '@planner/contracts';
import { publishEvent } from '@planner/service-kit/testing';
import type { PlatformAdapters } from '../src/adapters/platforms/index.js';
import { linkedinAdapter } from '../src/adapters/platforms/linkedin.js';
import { config } from './adapters/harness.js';
import { acceptingPlatforms, usePublishing } from './publishing-harness.js';

/**
 * Issue 29 §1 for LinkedIn, through the worker with the real adapter: the
 * create call reaches LinkedIn but its answer comes too late (LinkedIn creates
 * the post anyway), and every read the next attempt makes to find it fails
 * (a 5xx now, a refusal then). The publication must end in doubt (or be found
 * published), never failed, and the post must be created once.
 */

let linkedin: LinkedInStandIn;
beforeAll(async () => {
  linkedin = await startLinkedInStandIn({ slowMs: 1_500 });
});
afterAll(() => linkedin?.close());

const h = usePublishing(() => ({
  // The create's answer (1.5 s) outlasts the adapter's wait for it.
  platforms: { ...acceptingPlatforms(), linkedin: linkedinAdapter(config({ LINKEDIN_API_URL: linkedin.url }), { requestTimeoutMs: 800 }) } as PlatformAdapters,
  env: { PUBLISH_MAX_ATTEMPTS: '2' },
}));

/** An organization posting as the stand-in's page, its member's token stored sealed as organizations stores it. */
async function pageConnected(): Promise<string> {
  const organizationId = await h.addOrganization({ sandboxPlatforms: [] });
  await h.addConnection(
    organizationId,
    'linkedin',
    { user_name: 'Ada Baker', organization_name: 'Planner Bakery', person_id: linkedin.member.sub, organization_id: '5515715' },
    { access: linkedin.member.accessToken },
  );
  return organizationId;
}

async function publishedThrough(readFailure: 403 | 500) {
  const organizationId = await pageConnected();
  const content = `Fresh loaves, checked after the create (${randomUUID()})`;
  const postId = await h.addPost(organizationId, { content, platforms: ['LinkedIn'] });
  linkedin.failNext('slow', { path: '/rest/posts' });
  linkedin.failReads(10, readFailure);
  await publishEvent(h.ctx, 'posts.post.publish_requested', { postId, organizationId, version: 1, platforms: ['linkedin'], dueAt: null });

  const publication = await h.settledPublication(postId, 45_000);
  const outcomes = await h.attemptOutcomes(publication.id);
  const created = linkedin.posts.filter((post) => post.visibleText === content);
  linkedin.failReads(0);
  return { publication, attempts: outcomes, created };
}

describe('LinkedIn: an error on the lookup after the create call', () => {
  it('a failing read (5xx) is checked again, then in doubt, never failed; the post was created once', async () => {
    const { publication, attempts, created } = await publishedThrough(500);
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('LinkedIn') });
    expect(attempts).toEqual(['retry', 'in_doubt']);
    expect(created).toHaveLength(1);
  }, 60_000);

  it('a refused read (403) is in doubt, never failed; the post was created once', async () => {
    const { publication, attempts, created } = await publishedThrough(403);
    expect(publication).toMatchObject({ state: 'in_doubt', reason: PublishingMessages.inDoubt('LinkedIn') });
    expect(attempts).toEqual(['retry', 'in_doubt']);
    expect(created).toHaveLength(1);
  }, 60_000);
});
