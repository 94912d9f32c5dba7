import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from 'jpeg-js';
import { OrganizationMessages, PostMessages, SharedMessages } from '@planner/contracts';
import { bearer } from '@planner/service-kit/testing';
import { LocalDiskStorage } from '../src/adapters/media-storage.js';
import { draftOf } from '../src/commands/generation.js';
import { quotaKey, takeGeneration } from '../src/commands/quotas.js';
import { codePointLength, xTextLength } from '@planner/contracts/text-length';
import { quotaDay } from '../src/domain/quotas.js';
import { usePosts } from './harness.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-generated-'));
// No OPENAI_API_KEY in a test's environment: the sandbox generators answer.
const h = usePosts(() => ({ adapters: { storage: new LocalDiskStorage(mediaDir) } }));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const people = {} as Record<'starter' | 'pro' | 'basic' | 'test' | 'admin' | 'lapsed', { id: string; token: string }>;
const orgs = {} as Record<'starter' | 'pro' | 'basic' | 'admin' | 'inactive' | 'lapsed', string>;

beforeAll(async () => {
  for (const role of ['starter', 'pro', 'basic', 'test', 'admin'] as const) people[role] = await h.addMember(role);
  // Organizations knows them as basic (their subscription lapsed); the token they hold still says pro.
  people.lapsed = await h.addMember('basic', 'pro');
  orgs.starter = await h.addOrganization(people.starter.id);
  orgs.pro = await h.addOrganization(people.pro.id);
  orgs.basic = await h.addOrganization(people.basic.id);
  orgs.admin = await h.addOrganization(people.admin.id);
  orgs.inactive = await h.addOrganization(people.pro.id, { isActive: false });
  orgs.lapsed = await h.addOrganization(people.lapsed.id);
});

const payload = (organizationId: string, extra: Record<string, unknown> = {}) => ({
  organization_id: organizationId,
  business_name: 'Fjord Bakery',
  business_data: 'Sourdough and cinnamon buns baked every morning in Bergen.',
  platforms: ['LinkedIn', 'X'],
  content_type: 'promotion',
  topic: 'Autumn cinnamon buns',
  platform: 'X',
  content: '',
  schedule_option: 'now',
  media_type: 'text',
  tone: 'friendly',
  mood: 'excited',
  language: 'en-GB',
  ...extra,
});
const post = (url: string, token: string, body: unknown) => h.api.send({ method: 'POST', url, headers: bearer(token), payload: body as Record<string, unknown> });
const generate = (token: string, body: unknown) => post('/posts/generate', token, body);
const optimize = (token: string, body: unknown) => post('/posts/optimize', token, body);
const generateMedia = (token: string, body: unknown) => post('/generate_media', token, body);
const used = async (ownerId: string, kind: 'content' | 'media') => Number((await h.ctx.redis.get(quotaKey(ownerId, kind, quotaDay(new Date(), 'UTC').day))) ?? 0);

describe('POST /posts/generate (sandbox generator)', () => {
  it('answers a post per platform keyed by display name in the order asked, a draft id keeping the original request, sandbox: true', async () => {
    const res = await generate(people.pro.token, payload(orgs.pro));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sandbox: true, message: 'Content generated successfully!', draft_id: expect.any(String) });
    expect(Object.keys(body.posts)).toEqual(['LinkedIn', 'X']);
    expect(body.posts.LinkedIn.post).toContain('Fjord Bakery');
    expect(xTextLength(body.posts.X.post)).toBeLessThanOrEqual(280);

    const draft = await draftOf(h.ctx, orgs.pro, body.draft_id);
    expect(draft).toMatchObject({ sandbox: true, createdBy: people.pro.id, posts: body.posts });
    expect(draft.request).toMatchObject({ business_name: 'Fjord Bakery', platforms: ['LinkedIn', 'X'], tone: 'friendly', mood: 'excited', language: 'en-GB', content_type: 'promotion' });
    await expect(draftOf(h.ctx, orgs.starter, body.draft_id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps every post within the requested character limit and target', async () => {
    const res = await generate(people.pro.token, payload(orgs.pro, { platforms: ['Facebook', 'Threads'], character_limit: 90, target_character_count: 60, business_data: 'word '.repeat(500) }));
    expect(res.statusCode).toBe(200);
    for (const { post: text } of Object.values<{ post: string }>(res.json().posts)) expect(codePointLength(text)).toBeLessThanOrEqual(60);
  });

  it('refuses bad input with the spec’s messages, counting nothing', async () => {
    const before = await used(people.starter.id, 'content');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ business_name: ' ' }, PostMessages.businessNameRequired],
      [{ business_name: undefined }, PostMessages.businessNameRequired],
      [{ content_type: undefined }, PostMessages.contentTypeRequired],
      [{ content_type: 'advert' }, OrganizationMessages.unknownOption('content_type')],
      [{ character_limit: 0 }, OrganizationMessages.characterRange('Character limit')],
      [{ target_character_count: 5001 }, OrganizationMessages.characterRange('Target character count')],
      [{ character_limit: 100, target_character_count: 200 }, 'Target character count cannot exceed character limit'],
      [{ platforms: [], platform: '' }, 'Please select at least one platform.'],
      [{ platforms: ['X', 'Orkut'] }, PostMessages.unknownPlatform('Orkut')],
      [{ tone: 'grumpy' }, OrganizationMessages.unknownOption('tone')],
      // The kit's rule for every request's text, before the generation is metered.
      [{ topic: 'nul \u0000 here' }, SharedMessages.nulCharacter],
      [{ business_data: 'half \ud800 a pair' }, SharedMessages.loneSurrogate],
    ];
    for (const [change, message] of cases) {
      const res = await generate(people.starter.token, payload(orgs.starter, change));
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
    expect(await used(people.starter.id, 'content')).toBe(before);
  });

  it('fills the fields left empty from a chosen template of the organization; another organization’s template is a 404', async () => {
    const template = await h.addTemplate(orgs.pro, { template_name: 'Autumn', data: 'Template data about rye', topic: 'Rye week', tone: 'formal', character_limit: 120 });
    const res = await generate(people.pro.token, payload(orgs.pro, { business_data: '', topic: '', tone: undefined, template_id: template }));
    expect(res.statusCode).toBe(200);
    const draft = await draftOf(h.ctx, orgs.pro, res.json().draft_id);
    expect(draft.request).toMatchObject({ business_data: 'Template data about rye', topic: 'Rye week', tone: 'formal', character_limit: 120 });
    expect(codePointLength(res.json().posts.LinkedIn.post)).toBeLessThanOrEqual(120);

    const foreign = await h.addTemplate(orgs.starter, { template_name: 'Theirs', data: 'x' });
    expect((await generate(people.pro.token, payload(orgs.pro, { template_id: foreign }))).statusCode).toBe(404);
  });
});

describe('role and plan gates, tenant isolation', () => {
  const routes = [
    ['/posts/generate', (org: string) => payload(org)],
    ['/posts/optimize', (org: string) => ({ organization_id: org, post: 'Fresh buns today', prompt: 'Make it shorter' })],
    ['/generate_media', (org: string) => ({ organization_id: org, content: 'Fresh buns today' })],
  ] as const;

  it('basic and test users cannot generate (403, the upgrade messages)', async () => {
    for (const person of [people.basic, people.test]) {
      for (const [url, body] of routes) {
        const res = await post(url, person.token, body(orgs.basic));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(url === '/generate_media' ? 'Upgrade your plan to unlock media generation with AI' : PostMessages.generationNotInPlan);
      }
    }
  });

  it('the owner’s plan as organizations knows it decides, not the token: a lapsed plan has no generations', async () => {
    for (const [url, body] of routes) {
      const res = await post(url, people.lapsed.token, body(orgs.lapsed));
      expect(res.statusCode).toBe(403);
    }
  });

  it('another user’s organization id is a 404 on every route, as is one that does not exist', async () => {
    for (const [url, body] of routes) {
      for (const org of [orgs.starter, randomUUID(), 'not-an-id']) {
        const res = await post(url, people.pro.token, body(org));
        expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 404, message: SharedMessages.notFound });
      }
    }
  });

  it('an inactive organization cannot generate (403, its message)', async () => {
    for (const [url, body] of routes) {
      const res = await post(url, people.pro.token, body(orgs.inactive));
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: OrganizationMessages.inactive });
    }
  });

  it('no token is a 401', async () => {
    const res = await h.api.send({ method: 'POST', url: '/posts/generate', payload: payload(orgs.pro) });
    expect(res.statusCode).toBe(401);
  });

  it('an admin generates for any organization without using its owner’s quota', async () => {
    const before = await used(people.starter.id, 'content');
    const res = await generate(people.admin.token, payload(orgs.starter));
    expect(res.statusCode).toBe(200);
    expect(await used(people.starter.id, 'content')).toBe(before);
  });
});

describe('daily quotas', () => {
  it('20 concurrent generations for the last unit: exactly one succeeds, the others get 429 with the limit, the reset and Retry-After', async () => {
    const owner = await h.addMember('starter');
    const org = await h.addOrganization(owner.id);
    await h.ctx.redis.set(quotaKey(owner.id, 'content', quotaDay(new Date(), 'UTC').day), '19');
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate(owner.token, payload(org))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    const { resetsAt } = quotaDay(new Date(), 'UTC');
    expect(refused.json().message).toMatch(/^You have used your 20 content generations for today\. The limit resets at 00:00 UTC time \(in .+\)\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - (resetsAt.getTime() - Date.now()) / 1000)).toBeLessThan(5);
    expect(await used(owner.id, 'content')).toBe(20);
    // The key goes with the day.
    const ttl = await h.ctx.redis.pttl(quotaKey(owner.id, 'content', quotaDay(new Date(), 'UTC').day));
    expect(Math.abs(ttl - (resetsAt.getTime() - Date.now()))).toBeLessThan(5000);
  });

  it('an owner’s organizations in different zones share the date’s count, which lasts until the last of them leaves that date', async () => {
    const now = new Date();
    // East to west over 25 hours: at any instant two or more are on the same date, the eastern one ending it first.
    const zones = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Europe/Paris', 'UTC', 'America/New_York', 'Pacific/Pago_Pago'];
    const dateOf = (zone: string) => quotaDay(now, zone).day;
    const shared = zones.filter((zone) => zones.some((other) => other !== zone && dateOf(other) === dateOf(zone)));
    const sameDate = shared.filter((zone) => dateOf(zone) === dateOf(shared[0]!));
    const [earlierEnding, laterEnding] = [sameDate[0]!, sameDate.at(-1)!];
    expect(quotaDay(now, laterEnding).resetsAt.getTime()).toBeGreaterThan(quotaDay(now, earlierEnding).resetsAt.getTime());
    const ownerId = randomUUID();
    const quota = (timeZone: string) => ({ ownerId, kind: 'content' as const, limit: 2, timeZone });
    await takeGeneration(h.ctx.redis, quota(laterEnding), now);
    await takeGeneration(h.ctx.redis, quota(earlierEnding), now);
    const key = quotaKey(ownerId, 'content', quotaDay(now, laterEnding).day);
    // The earlier midnight did not shorten the count's life: it ends with the later one.
    expect(Math.abs((await h.ctx.redis.pttl(key)) - (quotaDay(now, laterEnding).resetsAt.getTime() - Date.now()))).toBeLessThan(5000);
    await expect(takeGeneration(h.ctx.redis, quota(laterEnding), now)).rejects.toMatchObject({ statusCode: 429 });
    await expect(takeGeneration(h.ctx.redis, quota(earlierEnding), now)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('the magic edit counts as a content generation, an image as a media one (10 a day for starter)', async () => {
    const owner = await h.addMember('starter');
    const org = await h.addOrganization(owner.id);
    expect((await optimize(owner.token, { organization_id: org, post: 'Buns', prompt: 'Add an emoji' })).statusCode).toBe(200);
    expect(await used(owner.id, 'content')).toBe(1);
    await h.ctx.redis.set(quotaKey(owner.id, 'media', quotaDay(new Date(), 'UTC').day), '10');
    const res = await generateMedia(owner.token, { organization_id: org, content: 'Buns' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('You have used your 10 media generations for today.');
  });
});

describe('POST /posts/optimize (magic edit)', () => {
  it('answers the edited post within its platforms’ limit', async () => {
    const res = await optimize(people.pro.token, { organization_id: orgs.pro, post: 'Fresh cinnamon buns today. '.repeat(20), prompt: 'Make it shorter', platforms: ['X'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Content updated successfully!', sandbox: true });
    expect(xTextLength(res.json().optimized_post)).toBeLessThanOrEqual(280);
  });

  it('needs an edit prompt and a post', async () => {
    for (const [body, message] of [
      [{ post: 'Buns', prompt: '   ' }, 'Please provide an edit prompt'],
      [{ post: 'Buns' }, 'Please provide an edit prompt'],
      [{ post: '', prompt: 'Shorter' }, PostMessages.editPostRequired],
      [{ post: 'Buns', prompt: 'Shorter', platforms: ['Orkut'] }, PostMessages.unknownPlatform('Orkut')],
    ] as const) {
      const res = await optimize(people.pro.token, { organization_id: orgs.pro, ...body });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
  });
});

describe('POST /generate_media', () => {
  it('stores the placeholder as a JPEG under <organization id>/<uuid>.jpg and answers its URL and media item', async () => {
    const res = await generateMedia(people.pro.token, { organization_id: orgs.pro, content: 'Fresh buns', platform: 'Instagram', media_type: 'image' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Media generated successfully!', sandbox: true, media: { type: 'image/jpeg', source: 'generated' } });
    expect(body.media_url).toMatch(new RegExp(`^/api/media/${orgs.pro}/[0-9a-f-]{36}\\.jpg$`));
    expect(body.media.url).toBe(body.media_url);
    const stored = decode(fs.readFileSync(path.join(mediaDir, body.media_url.replace('/api/media/', ''))));
    // 256 × 256: a quarter of the square size asked for.
    expect([stored.width, stored.height]).toEqual([256, 256]);
  });

  it('a story needs a custom prompt and is drawn upright; short and video are Coming Soon; something must be described', async () => {
    const story = await generateMedia(people.pro.token, { organization_id: orgs.pro, content: 'Buns', media_type: 'story', custom_prompt: 'A bun on a table' });
    expect(story.statusCode).toBe(200);
    const stored = decode(fs.readFileSync(path.join(mediaDir, story.json().media_url.replace('/api/media/', ''))));
    expect([stored.width, stored.height]).toEqual([256, 384]);

    for (const [body, message] of [
      [{ media_type: 'story', content: 'Buns' }, PostMessages.storyPromptRequired],
      [{ media_type: 'short', content: 'Buns' }, 'Coming Soon'],
      [{ media_type: 'video', content: 'Buns' }, 'Coming Soon'],
      [{ media_type: 'image', content: ' ' }, PostMessages.mediaPromptRequired],
      [{ content: 'Buns', platform: 'Orkut' }, PostMessages.unknownPlatform('Orkut')],
    ] as const) {
      const res = await generateMedia(people.pro.token, { organization_id: orgs.pro, ...body });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
    }
  });
});
