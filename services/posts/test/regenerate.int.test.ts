import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalRequestSchema, PostMessages, SharedMessages, type ConnectionPlatform, type PlatformOutcome } from '@planner/contracts';
import { xTextLength } from '@planner/contracts/text-length';
import { OutboxEvent } from '@planner/service-kit/data';
import { bearer } from '@planner/service-kit/testing';
import { GenerationFailure, type ContentGenerator, type ImageGenerator } from '../src/adapters/generators.js';
import { LocalDiskStorage } from '../src/adapters/media-storage.js';
import { SandboxContentGenerator, SandboxImageGenerator } from '../src/adapters/sandbox-generators.js';
import { draftOf } from '../src/commands/generation.js';
import { quotaKey } from '../src/commands/quotas.js';
import { type GenerationBrief } from '../src/domain/generation.js';
import { quotaDay } from '../src/domain/quotas.js';
import { Media } from '../src/entities/media.entity.js';
import { Post } from '../src/entities/post.entity.js';
import { usePosts } from './harness.js';

/** The sandbox generators, which a test can make fail as the provider would, or hold while it changes the post. */
class ContentGeneratorUnderTest implements ContentGenerator {
  readonly sandbox = true;
  readonly #sandbox = new SandboxContentGenerator();
  failure: GenerationFailure | null = null;
  /** Runs while the text is being written (the post's row must not be locked then). */
  whileWriting: (() => Promise<void>) | null = null;

  async writePosts(brief: GenerationBrief): Promise<Map<ConnectionPlatform, string>> {
    await this.whileWriting?.();
    if (this.failure) throw this.failure;
    return this.#sandbox.writePosts(brief);
  }

  editPost(post: string, instruction: string, limit: number): Promise<string> {
    return this.#sandbox.editPost(post, instruction, limit);
  }
}

class ImageGeneratorUnderTest implements ImageGenerator {
  readonly sandbox = true;
  readonly #sandbox = new SandboxImageGenerator();
  /** Fails the image after this many succeeded (null: never). */
  failAfter: number | null = null;
  drawn = 0;

  async createImage(prompt: string, size: '1024x1024' | '1024x1536'): Promise<Buffer> {
    if (this.failAfter !== null && this.drawn >= this.failAfter) throw new GenerationFailure('unavailable');
    this.drawn += 1;
    return this.#sandbox.createImage(prompt, size);
  }
}

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-regenerate-'));
const contentGenerator = new ContentGeneratorUnderTest();
const imageGenerator = new ImageGeneratorUnderTest();
const h = usePosts(() => ({ adapters: { storage: new LocalDiskStorage(mediaDir), contentGenerator, imageGenerator } }));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const people = {} as Record<'alice' | 'bob' | 'basic', { id: string; token: string }>;
const orgs = {} as Record<'alice' | 'bob' | 'basic', string>;

beforeAll(async () => {
  people.alice = await h.addMember('pro');
  people.bob = await h.addMember('pro');
  people.basic = await h.addMember('basic');
  [orgs.alice, orgs.bob, orgs.basic] = await Promise.all([h.addOrganization(people.alice.id), h.addOrganization(people.bob.id), h.addOrganization(people.basic.id)]);
});

const request = originalRequestSchema.parse({
  business_name: 'Fjord Bakery',
  business_data: 'Sourdough and cinnamon buns baked every morning in Bergen.',
  content_type: 'promotion',
  topic: 'Autumn cinnamon buns',
  platforms: ['Facebook'],
  tone: 'friendly',
  mood: 'excited',
});
const queued = (): PlatformOutcome => ({ status: 'queued', link: null, reason: null, at: new Date().toISOString() });

/** A generated post of Alice's organization on LinkedIn and X, due in an hour. */
const generatedPost = (post: Partial<Post> = {}) =>
  h.addPost(post.organizationId ?? orgs.alice, {
    platforms: ['LinkedIn', 'X'],
    content: 'The text before',
    scheduledTime: new Date(Date.now() + 3_600_000),
    originalRequest: request,
    ...post,
  });

const regenerate = (id: string, token = people.alice.token, body: Record<string, unknown> = {}) =>
  h.api.send({ method: 'POST', url: `/posts/${id}/regenerate`, headers: bearer(token), payload: body });
const used = async (ownerId: string, kind: 'content' | 'media') => Number((await h.ctx.redis.get(quotaKey(ownerId, kind, quotaDay(new Date(), 'UTC').day))) ?? 0);
const stored = (id: string) => h.ctx.dataSource.getRepository(Post).findOneByOrFail({ id });
const publishRequests = async (postId: string) =>
  (await h.ctx.dataSource.getRepository(OutboxEvent).findBy({ subject: 'posts.post.publish_requested' }))
    .map((row) => row.envelope.data as { postId: string; version: number; platforms: string[] })
    .filter((data) => data.postId === postId);

describe('POST /posts/{id}/regenerate', () => {
  it('writes the text anew from the original request, one text within every platform’s limit, as a new version', async () => {
    const id = await generatedPost({ status: 'pending_review' });
    const before = await used(people.alice.id, 'content');
    const res = await regenerate(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Content regenerated successfully!', sandbox: true, post: { id, version: 2, status: 'pending_review', platforms: 'LinkedIn,X' } });
    expect(body.post.content).not.toBe('The text before');
    expect(body.post.content).toContain('Fjord Bakery');
    // Shared by LinkedIn and X: the text written for X.
    expect(xTextLength(body.post.content)).toBeLessThanOrEqual(280);
    expect(await used(people.alice.id, 'content')).toBe(before + 1);
    expect((await stored(id)).content).toBe(body.post.content);
    expect(await publishRequests(id)).toEqual([]);
  });

  it('asks again for an approved post that was queued, as the new version', async () => {
    const id = await generatedPost({ status: 'approved', publications: { linkedin: queued(), x: queued() } });
    const res = await regenerate(id, people.alice.token, undefined as unknown as Record<string, unknown>);
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({ version: 2, status: 'approved' });
    expect(await publishRequests(id)).toEqual([expect.objectContaining({ version: 2, platforms: ['linkedin', 'x'] })]);
  });

  it('a post without an original request: 400, nothing counted', async () => {
    const id = await generatedPost({ originalRequest: null });
    const before = await used(people.alice.id, 'content');
    const res = await regenerate(id);
    expect([res.statusCode, res.json().message]).toEqual([400, PostMessages.noOriginalRequest]);
    expect(await used(people.alice.id, 'content')).toBe(before);
  });

  it('a rejected or published post cannot be edited: 409 with the table’s message, nothing counted', async () => {
    const before = await used(people.alice.id, 'content');
    for (const status of ['rejected', 'published'] as const) {
      const res = await regenerate(await generatedPost({ status }));
      expect([res.statusCode, res.json().message]).toEqual([409, PostMessages.onlyDelete(status)]);
    }
    expect(await used(people.alice.id, 'content')).toBe(before);
  });

  it('another tenant’s post is a 404 (and an unknown id); a basic user may not generate (403)', async () => {
    const id = await generatedPost();
    const res = await regenerate(id, people.bob.token);
    expect([res.statusCode, res.json().message]).toEqual([404, SharedMessages.notFound]);
    expect((await regenerate('not-an-id')).statusCode).toBe(404);
    expect((await stored(id)).content).toBe('The text before');

    const basics = await generatedPost({ organizationId: orgs.basic });
    const refused = await regenerate(basics, people.basic.token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, PostMessages.generationNotInPlan]);
  });

  it('a provider failure maps as generation’s do and gives the unit back; the post stays as it was', async () => {
    const id = await generatedPost();
    const before = await used(people.alice.id, 'content');
    contentGenerator.failure = new GenerationFailure('unavailable');
    try {
      const res = await regenerate(id);
      expect([res.statusCode, res.json().message]).toEqual([503, PostMessages.generationUnavailable]);
    } finally {
      contentGenerator.failure = null;
    }
    expect(await used(people.alice.id, 'content')).toBe(before);
    expect(await stored(id)).toMatchObject({ content: 'The text before', version: 1 });
  });

  it('writes without holding the post: a change meanwhile is a 409, and the unit goes back', async () => {
    const id = await generatedPost();
    const before = await used(people.alice.id, 'content');
    // Would wait for the row lock (and time out) if the text were written under it.
    contentGenerator.whileWriting = async () => {
      await h.ctx.dataSource.getRepository(Post).update(id, { content: 'Edited meanwhile', version: 2 });
    };
    try {
      const res = await regenerate(id);
      expect([res.statusCode, res.json().message]).toEqual([409, PostMessages.changedWhileRegenerating]);
    } finally {
      contentGenerator.whileWriting = null;
    }
    expect(await used(people.alice.id, 'content')).toBe(before);
    expect(await stored(id)).toMatchObject({ content: 'Edited meanwhile', version: 2 });
  });
});

describe('POST /posts/{id}/regenerate with regenerate_media', () => {
  const generatedMedia = (organizationId: string) => h.ctx.dataSource.getRepository(Media).findBy({ organizationId, source: 'generated' });

  it('replaces an image post’s image with one drawn from the new text; a media unit besides the content one', async () => {
    const old = await h.addMedia(orgs.alice);
    const id = await generatedPost({ mediaType: 'image', mediaPaths: [old] });
    const [content, media] = [await used(people.alice.id, 'content'), await used(people.alice.id, 'media')];
    const res = await regenerate(id, people.alice.token, { regenerate_media: true });
    expect(res.statusCode).toBe(200);
    const keys = res.json().post.media_paths.split(',');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(old);
    expect((await generatedMedia(orgs.alice)).map((item) => item.key)).toContain(keys[0]);
    expect(fs.existsSync(path.join(mediaDir, keys[0]))).toBe(true);
    expect([await used(people.alice.id, 'content'), await used(people.alice.id, 'media')]).toEqual([content + 1, media + 1]);
  });

  it('a carousel gets as many images as it had, at least 2', async () => {
    const id = await generatedPost({ mediaType: 'carousel', mediaPaths: [await h.addMedia(orgs.alice), await h.addMedia(orgs.alice), await h.addMedia(orgs.alice)] });
    const res = await regenerate(id, people.alice.token, { regenerate_media: true });
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().post.media_paths.split(',')).size).toBe(3);
  });

  it('an image that fails gives back every unit and removes the images already drawn', async () => {
    const id = await generatedPost({ mediaType: 'carousel', mediaPaths: [await h.addMedia(orgs.alice), await h.addMedia(orgs.alice)] });
    const [content, media, drawnBefore] = [await used(people.alice.id, 'content'), await used(people.alice.id, 'media'), (await generatedMedia(orgs.alice)).length];
    imageGenerator.failAfter = imageGenerator.drawn + 1;
    try {
      const res = await regenerate(id, people.alice.token, { regenerate_media: true });
      expect([res.statusCode, res.json().message]).toEqual([503, PostMessages.generationUnavailable]);
    } finally {
      imageGenerator.failAfter = null;
    }
    expect([await used(people.alice.id, 'content'), await used(people.alice.id, 'media')]).toEqual([content, media]);
    expect(await generatedMedia(orgs.alice)).toHaveLength(drawnBefore);
    expect(await stored(id)).toMatchObject({ content: 'The text before', version: 1 });
  });

  it('short and video are Coming Soon; a story regenerates only with its media, keeping no text', async () => {
    const video = await h.addMedia(orgs.alice, { mime: 'video/mp4' });
    const short = await generatedPost({ mediaType: 'short', mediaPaths: [video] });
    const res = await regenerate(short, people.alice.token, { regenerate_media: true });
    expect([res.statusCode, res.json().message]).toEqual([400, PostMessages.comingSoon]);

    // A story goes to Instagram (X and LinkedIn have none), as a JPEG (Instagram takes no other image).
    const story = await generatedPost({ platforms: ['Instagram'], mediaType: 'story', content: '', mediaPaths: [await h.addMedia(orgs.alice, { mime: 'image/jpeg' })] });
    const textOnly = await regenerate(story);
    expect([textOnly.statusCode, textOnly.json().message]).toEqual([400, PostMessages.storyTextNotRegenerated]);
    const withMedia = await regenerate(story, people.alice.token, { regenerate_media: true });
    expect(withMedia.statusCode).toBe(200);
    expect(withMedia.json().post).toMatchObject({ content: '', version: 2 });
  });
});

describe('draft_id: the original request of a generated post', () => {
  const generate = async (token: string, organizationId: string) => {
    const res = await h.api.send({
      method: 'POST',
      url: '/posts/generate',
      headers: bearer(token),
      payload: { organization_id: organizationId, business_name: 'Fjord Bakery', content_type: 'event', topic: 'Harbour market', event_details: 'Saturday 10:00', platforms: ['LinkedIn', 'X'], tone: 'formal', language: 'no-NO' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().draft_id as string;
  };
  const later = async (fields: Record<string, string>, token = people.alice.token) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ organization_id: orgs.alice, scheduled_time: new Date(Date.now() + 3_600_000).toISOString(), ...fields })) form.append(name, value);
    const res = await h.api.fetch('/schedule_post/later', { method: 'POST', body: form, headers: bearer(token) });
    return { status: res.status, body: (await res.json()) as { message: string; post: { id: string; original_request: Record<string, unknown> } } };
  };

  it('generate → schedule later with draft_id → the post keeps the draft’s request → regenerate works on it', async () => {
    const draftId = await generate(people.alice.token, orgs.alice);
    const draft = await draftOf(h.ctx, orgs.alice, draftId);
    const scheduled = await later({ draft_id: draftId, platforms: 'LinkedIn,X', content: 'Come to the harbour market!', context: 'Free coffee' });
    expect(scheduled.status).toBe(201);
    const { platforms: _platforms, platform: _platform, schedule_option: _option, content: _content, scheduled_time: _time, context: _context, ...generation } = draft.request;
    expect(scheduled.body.post.original_request).toMatchObject({ ...generation, context: 'Free coffee', platforms: ['LinkedIn', 'X'], content: 'Come to the harbour market!' });

    const res = await regenerate(scheduled.body.post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({ version: 2, status: 'approved' });
    expect(res.json().post.content).toContain('Harbour market');
  });

  it('another organization’s draft is a 404, on schedule_post and on update', async () => {
    const theirs = await generate(people.bob.token, orgs.bob);
    const scheduled = await later({ draft_id: theirs, platforms: 'X', content: 'Hello' });
    expect([scheduled.status, scheduled.body.message]).toEqual([404, SharedMessages.notFound]);

    const id = await generatedPost({ originalRequest: null });
    const update = (draftId: string) => h.api.send({ method: 'POST', url: `/posts/${id}/update`, headers: bearer(people.alice.token), payload: { draft_id: draftId } });
    expect((await update(theirs)).statusCode).toBe(404);
    const mine = await generate(people.alice.token, orgs.alice);
    const updated = await update(mine);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().post.original_request).toMatchObject({ business_name: 'Fjord Bakery', topic: 'Harbour market', tone: 'formal', platforms: ['LinkedIn', 'X'] });
  });
});

describe('OpenAPI', () => {
  it('documents regenerate, draft_id on update, and the publish forms as multipart bodies', async () => {
    const { paths } = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(JSON.stringify(paths['/posts/{id}/regenerate'].post.requestBody)).toContain('regenerate_media');
    expect(JSON.stringify(paths['/posts/{id}/update'].post.requestBody)).toContain('draft_id');
    for (const mode of ['now', 'later']) {
      const { content } = paths[`/schedule_post/${mode}`].post.requestBody;
      expect(Object.keys(content)).toEqual(['multipart/form-data']);
      const form = content['multipart/form-data'].schema;
      expect(Object.keys(form.properties)[0]).toBe('organization_id');
      expect(form.required).toEqual(['organization_id']);
      expect(form.properties.draft_id.description).toContain('original request');
      expect(form.properties.media_type.enum).toEqual(['text', 'image', 'video', 'carousel', 'short', 'story']);
      expect(form.properties.media_urls).toMatchObject({ type: 'array', items: { type: 'string' } });
      expect(form.properties.media).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
      expect('scheduled_time' in form.properties).toBe(mode === 'later');
    }
  });
});
