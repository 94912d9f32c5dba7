import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrganizationMessages, originalRequestSchema, PostMessages, SharedMessages, type GenerationList } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { GenerationDraft } from '../src/entities/generation-draft.entity.js';
import { usePosts } from './harness.js';

// No OPENAI_API_KEY in a test's environment: the sandbox generator writes the posts.
const h = usePosts();

const people = {} as Record<'owner' | 'other' | 'admin', { id: string; token: string }>;
const orgs = {} as Record<'owner' | 'other' | 'inactive', string>;

beforeAll(async () => {
  people.owner = await h.addMember('pro');
  people.other = await h.addMember('pro');
  people.admin = await h.addMember('admin');
  orgs.owner = await h.addOrganization(people.owner.id);
  orgs.other = await h.addOrganization(people.other.id);
  orgs.inactive = await h.addOrganization(people.owner.id, { isActive: false });
});

const generate = async (token: string, organizationId: string, topic: string, platforms = ['LinkedIn']) => {
  const res = await h.api.send({
    method: 'POST',
    url: '/posts/generate',
    headers: bearer(token),
    payload: { organization_id: organizationId, business_name: 'Fjord Bakery', platforms, content_type: 'promotion', topic, tone: 'friendly', mood: 'excited', language: 'en-GB' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { draft_id: string; posts: Record<string, { post: string }> };
};
const list = (token: string | null, query: string) => h.api.send({ method: 'GET', url: `/posts/generations?${query}`, headers: token ? bearer(token) : {} });
const listed = async (token: string, query: string) => (await list(token, query)).json() as GenerationList;
const discard = (token: string, id: string) => h.api.send({ method: 'DELETE', url: `/posts/generations/${id}`, headers: bearer(token) });

describe('GET /posts/generations', () => {
  it('pages through the organization’s generations newest first, each with its posts, request, time and author', async () => {
    const first = await generate(people.owner.token, orgs.owner, 'Rye week');
    const second = await generate(people.owner.token, orgs.owner, 'Cinnamon buns', ['X', 'Facebook']);
    const third = await generate(people.owner.token, orgs.owner, 'Saturday croissants');
    // Another organization's generation is not among them.
    await generate(people.other.token, orgs.other, 'Not theirs');

    const page1 = await list(people.owner.token, `organization_id=${orgs.owner}&page=1&per_page=2`);
    expect(page1.statusCode).toBe(200);
    const body = page1.json() as GenerationList;
    expect(body.pagination).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(body.generations.map((g) => g.id)).toEqual([third.draft_id, second.draft_id]);
    const [, shown] = body.generations;
    expect(shown).toMatchObject({ created_by: people.owner.id, sandbox: true, posts: second.posts });
    expect(Object.keys(shown!.posts)).toEqual(['X', 'Facebook']);
    expect(shown!.request).toMatchObject({ topic: 'Cinnamon buns', platforms: ['X', 'Facebook'], tone: 'friendly', mood: 'excited', language: 'en-GB', content_type: 'promotion' });
    expect(Date.parse(shown!.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const page2 = await listed(people.owner.token, `organization_id=${orgs.owner}&page=2&per_page=2`);
    expect(page2.generations.map((g) => g.id)).toEqual([first.draft_id]);
    // Ten a page by default.
    expect((await listed(people.owner.token, `organization_id=${orgs.owner}`)).pagination.per_page).toBe(10);
  });

  it('refuses another organization’s user (404, as if it did not exist), and answers an admin', async () => {
    await generate(people.owner.token, orgs.owner, 'Only for the owner');
    for (const org of [orgs.owner, randomUUID()]) {
      const res = await list(people.other.token, `organization_id=${org}`);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 404, message: SharedMessages.notFound });
    }
    const admin = await list(people.admin.token, `organization_id=${orgs.owner}`);
    expect(admin.statusCode).toBe(200);
    expect((admin.json() as GenerationList).pagination.total).toBeGreaterThan(0);
  });

  it('needs an organization, a valid page and a login', async () => {
    const cases: Array<[string, string]> = [
      ['', OrganizationMessages.noOrganizationSelected],
      [`organization_id=${orgs.owner}&page=0`, PostMessages.invalidPage],
      [`organization_id=${orgs.owner}&per_page=101`, PostMessages.invalidPageSize],
    ];
    for (const [query, message] of cases) {
      const res = await list(people.owner.token, query);
      expect({ query, status: res.statusCode, message: res.json().message }).toEqual({ query, status: 400, message });
    }
    expect((await list(null, `organization_id=${orgs.owner}`)).statusCode).toBe(401);
  });
});

describe('DELETE /posts/generations/{id}', () => {
  it('discards the owner’s generation; another organization’s user gets a 404 and it stays', async () => {
    const kept = await generate(people.owner.token, orgs.owner, 'Keep me');
    const refused = await discard(people.other.token, kept.draft_id);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 404, message: SharedMessages.notFound });
    const ids = async () => (await listed(people.owner.token, `organization_id=${orgs.owner}&per_page=100`)).generations.map((g) => g.id);
    expect(await ids()).toContain(kept.draft_id);

    const res = await discard(people.owner.token, kept.draft_id);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 200, message: PostMessages.generationDiscarded });
    expect(await ids()).not.toContain(kept.draft_id);
    expect((await discard(people.owner.token, kept.draft_id)).statusCode).toBe(404);
    expect((await discard(people.owner.token, 'not-an-id')).statusCode).toBe(404);
  });

  it('an inactive organization’s generation is not discarded (403, its message)', async () => {
    // An inactive organization cannot generate: its draft is made as one made while it was active.
    const drafts = h.ctx.dataSource.getRepository(GenerationDraft);
    const draft = await drafts.save(drafts.create({ organizationId: orgs.inactive, createdBy: people.owner.id, request: originalRequestSchema.parse({ business_name: 'Acme' }), posts: { X: { post: 'Hi' } }, sandbox: true }));
    const res = await discard(people.owner.token, draft.id);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: OrganizationMessages.inactive });
    expect(await drafts.findOneBy({ id: draft.id })).not.toBeNull();
  });
});
