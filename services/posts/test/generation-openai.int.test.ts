import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode, encode } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostMessages } from '@planner/contracts';
import { codePointLength, xTextLength } from '@planner/contracts/text-length';
import { createLogger } from '@planner/service-kit';
import { bearer, freePort, untilLogWritten } from '@planner/service-kit/testing';
import { GenerationFailure } from '../src/adapters/generators.js';
import { LocalDiskStorage } from '../src/adapters/media-storage.js';
import { OpenAIContentGenerator, OpenAIImageGenerator, openAIClient } from '../src/adapters/openai-generators.js';
import { placeholderPng } from '../src/adapters/sandbox-generators.js';
import { quotaKey } from '../src/commands/quotas.js';
import { generationBrief } from '../src/domain/generation.js';
import { quotaDay } from '../src/domain/quotas.js';
import { usePosts } from './harness.js';
import { chatCompletion, ERRORS, imagesResponse, postsCompletion, useOpenAIStandIn } from './support/openai-stand-in.js';

const API_KEY = 'sk-standin-test-key-0000000000005678';
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-openai-'));
const openai = useOpenAIStandIn();
// The real adapters from config: OPENAI_API_KEY set, the base URL pointed at the stand-in.
const h = usePosts(() => ({
  env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: openai.url, OPENAI_MODEL: 'gpt-4o-mini', OPENAI_IMAGE_MODEL: 'gpt-image-1' },
  adapters: { storage: new LocalDiskStorage(mediaDir) },
}));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

let owner: { id: string; token: string };
let org: string;
beforeAll(async () => {
  owner = await h.addMember('pro');
  org = await h.addOrganization(owner.id);
});

const payload = (extra: Record<string, unknown> = {}) => ({
  organization_id: org,
  business_name: 'Fjord Bakery',
  business_data: 'Sourdough and cinnamon buns baked every morning in Bergen.',
  platforms: ['X', 'LinkedIn'],
  content_type: 'event',
  topic: 'Autumn cinnamon buns',
  context: 'Two for one on Saturdays',
  time_of_year: 'autumn',
  event_details: 'Saturday 10:00 at the harbour',
  tone: 'formal',
  mood: 'confident',
  language: 'fr-FR',
  character_limit: 250,
  target_character_count: 200,
  ...extra,
});
const send = (url: string, body: Record<string, unknown>) => h.api.send({ method: 'POST', url, headers: bearer(owner.token), payload: body });
const generate = (extra?: Record<string, unknown>) => send('/posts/generate', payload(extra));
const used = async (kind: 'content' | 'media') => Number((await h.ctx.redis.get(quotaKey(owner.id, kind, quotaDay(new Date(), 'UTC').day))) ?? 0);
const systemPrompt = (index = 0) => (openai.requests[index]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'system')!.content;
const userPrompt = (index = 0) => (openai.requests[index]!.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;

describe('POST /posts/generate with the OpenAI adapter', () => {
  it('sends one structured-output request carrying the brand voice, language and limits, and answers the model’s posts (sandbox: false)', async () => {
    openai.reply(postsCompletion({ x: 'Rendez-vous samedi au port !', linkedin: 'Fjord Bakery vous invite samedi à 10h.' }));
    const res = await generate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sandbox: false, posts: { X: { post: 'Rendez-vous samedi au port !' }, LinkedIn: { post: 'Fjord Bakery vous invite samedi à 10h.' } } });
    expect(Object.keys(res.json().posts)).toEqual(['X', 'LinkedIn']);

    expect(openai.requests).toHaveLength(1);
    const [request] = openai.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_schema', json_schema: { strict: true, schema: { properties: { posts: { required: ['x', 'linkedin'] } } } } } });
    expect(systemPrompt()).toContain('"Fjord Bakery"');
    expect(systemPrompt()).toContain('French (France) (fr-FR)');
    expect(systemPrompt()).toContain('Tone: formal. Mood: confident.');
    expect(systemPrompt()).toContain('- X: at most 250 characters (X counts a link as 23 characters, and CJK characters and emoji as 2), aim for about 200 characters');
    expect(userPrompt()).toContain('Event details: Saturday 10:00 at the harbour');
    expect(userPrompt()).toContain('About the business: Sourdough and cinnamon buns');
  });

  it('trims an over-long reply at a word boundary within each platform’s limit', async () => {
    const long = 'Fresh buns every morning. '.repeat(30);
    openai.reply(postsCompletion({ x: long, linkedin: 'Short and fine.' }));
    const res = await generate({ character_limit: null, target_character_count: null });
    expect(res.statusCode).toBe(200);
    const x: string = res.json().posts.X.post;
    expect(xTextLength(x)).toBeLessThanOrEqual(280);
    expect(xTextLength(x)).toBeGreaterThan(260);
    // Cut where a word ends: the reply goes on with a space.
    expect(long.startsWith(x)).toBe(true);
    expect(long[x.length]).toBe(' ');
    expect(res.json().posts.LinkedIn.post).toBe('Short and fine.');
  });

  it('trims the X post as X counts it (CJK 2, a link 23), the other platforms in characters', async () => {
    const link = `https://fjord-bakery.no/${'menu/'.repeat(20)}`;
    const japanese = `${'毎朝焼きたてのパン。 '.repeat(40)}${link}`;
    openai.reply(postsCompletion({ x: `${link} ${'焼きたて '.repeat(60)}`, linkedin: japanese }));
    const res = await generate({ character_limit: null, target_character_count: null });
    expect(res.statusCode).toBe(200);
    const { X, LinkedIn } = res.json().posts;
    expect(X.post.startsWith(link)).toBe(true);
    expect(xTextLength(X.post)).toBeLessThanOrEqual(280);
    expect(xTextLength(X.post)).toBeGreaterThan(270);
    expect(codePointLength(X.post)).toBeGreaterThan(link.length + 100);
    expect(LinkedIn.post).toBe(japanese);
  });

  it('asks once more after a malformed reply and answers the second', async () => {
    openai.reply(chatCompletion('string'), postsCompletion({ x: 'Second try', linkedin: 'Second try too' }));
    const res = await generate();
    expect(res.statusCode).toBe(200);
    expect(res.json().posts.X.post).toBe('Second try');
    expect(openai.requests).toHaveLength(2);
  });

  it('two malformed replies: 502 with a clear message, nothing broken reaches the user, the quota unit is given back', async () => {
    const before = await used('content');
    openai.reply(postsCompletion({ x: 'Only X' }), chatCompletion('{"posts": {"x": "cut off'));
    const res = await generate();
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 502, message: PostMessages.generationReplyInvalid });
    expect(res.body).not.toContain('Only X');
    expect(openai.requests).toHaveLength(2);
    expect(await used('content')).toBe(before);
  });

  it('maps the provider’s errors to clear answers, giving the unit back each time', async () => {
    const before = await used('content');
    const cases = [
      [ERRORS.invalidKey, 503, PostMessages.generationMisconfigured],
      [ERRORS.server, 503, PostMessages.generationUnavailable],
      [chatCompletion(null, { refusal: 'I’m sorry, I can’t help with that.' }), 422, PostMessages.generationRefused],
      [chatCompletion('', { finishReason: 'content_filter' }), 422, PostMessages.generationRefused],
    ] as const;
    for (const [reply, status, message] of cases) {
      openai.reply(reply);
      const res = await generate();
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
      expect(res.body).not.toContain('sk-stand');
    }
    // No retry of errors: one request each.
    expect(openai.requests).toHaveLength(cases.length);
    expect(await used('content')).toBe(before);
  });

  it('a provider 429 is a 429 with its wait in the message and Retry-After', async () => {
    openai.reply(ERRORS.rateLimited(17));
    const res = await generate();
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(PostMessages.generationRateLimited('17 seconds'));
    expect(res.headers.get('retry-after')).toBe('17');
  });
});

describe('POST /posts/optimize with the OpenAI adapter', () => {
  it('sends the post, the instruction and the limit, and answers the edited post', async () => {
    openai.reply(chatCompletion(JSON.stringify({ post: 'Buns! Saturday!' })));
    const res = await send('/posts/optimize', { organization_id: org, post: 'Fresh buns on Saturday', prompt: 'More excitement', platforms: ['X'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ optimized_post: 'Buns! Saturday!', sandbox: false, message: 'Content updated successfully!' });
    expect(userPrompt()).toBe('Post:\nFresh buns on Saturday\n\nEdit: More excitement');
    expect(systemPrompt()).toContain('not be longer than 280 characters');
  });
});

describe('POST /generate_media with the OpenAI adapter', () => {
  it('asks the image model (upright for a story) for a JPEG, and stores the JPEG it drew as it is', async () => {
    const drawn = Buffer.from(encode({ data: Buffer.alloc(3 * 5 * 4, 180), width: 3, height: 5 }, 90).data);
    openai.reply(imagesResponse(drawn));
    const res = await send('/generate_media', { organization_id: org, content: 'Buns', media_type: 'story', custom_prompt: 'A cinnamon bun at sunrise' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sandbox: false, media: { type: 'image/jpeg', source: 'generated' } });
    expect(fs.readFileSync(path.join(mediaDir, res.json().media_url.replace('/api/media/', '')))).toEqual(drawn);
    const [request] = openai.requests;
    expect(request!.path).toBe('/v1/images/generations');
    expect(request!.body).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', n: 1, output_format: 'jpeg', output_compression: 90 });
    expect(request!.body).not.toHaveProperty('response_format');
    expect(request!.body.prompt).toContain('A cinnamon bun at sunrise');
  });

  it('stores a PNG the model answered anyway as a JPEG of the same picture (Instagram takes no PNG)', async () => {
    openai.reply(imagesResponse(placeholderPng(6, 4)));
    const res = await send('/generate_media', { organization_id: org, content: 'Buns', media_type: 'image' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ media: { type: 'image/jpeg' } });
    expect(res.json().media_url).toMatch(/\.jpg$/);
    const stored = decode(fs.readFileSync(path.join(mediaDir, res.json().media_url.replace('/api/media/', ''))));
    expect([stored.width, stored.height]).toEqual([6, 4]);
    // The placeholder's grey (0xc8), within JPEG's rounding.
    expect(Math.abs(stored.data[0]! - 0xc8)).toBeLessThanOrEqual(2);
  });

  it('a safety refusal is a 422, an answer without a PNG a 502; neither uses a media unit', async () => {
    const before = await used('media');
    openai.reply(ERRORS.imageSafety, imagesResponse(Buffer.from('not a png')));
    const refused = await send('/generate_media', { organization_id: org, content: 'Buns' });
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 422, message: PostMessages.generationRefused });
    const broken = await send('/generate_media', { organization_id: org, content: 'Buns' });
    expect({ status: broken.statusCode, message: broken.json().message }).toEqual({ status: 502, message: PostMessages.generationReplyInvalid });
    expect(await used('media')).toBe(before);
  });
});

describe('the OpenAI adapter itself', () => {
  const brief = (() => {
    const result = generationBrief({ ...payload(), platforms: ['X'], platform: '', media_type: 'text' } as never);
    if ('problem' in result) throw new Error(result.problem);
    return result.brief;
  })();

  it('asks DALL·E, which has no output format, for base64 and gives its PNG to be stored as JPEG', async () => {
    const drawn = placeholderPng(2, 2);
    openai.reply(imagesResponse(drawn));
    const client = openAIClient({ apiKey: API_KEY, baseURL: openai.url, timeoutMs: 5000 });
    const generator = new OpenAIImageGenerator(client, 'dall-e-3', createLogger({ service: 'posts', level: 'silent' }));
    expect(await generator.createImage('Buns', '1024x1024')).toEqual(drawn);
    expect(openai.requests[0]!.body).toMatchObject({ model: 'dall-e-3', response_format: 'b64_json' });
    expect(openai.requests[0]!.body).not.toHaveProperty('output_format');
  });

  it('an unreachable provider is unavailable', async () => {
    const client = openAIClient({ apiKey: API_KEY, baseURL: `http://127.0.0.1:${await freePort()}/v1`, timeoutMs: 5000 });
    const generator = new OpenAIContentGenerator(client, 'gpt-4o-mini', createLogger({ service: 'posts', level: 'silent' }));
    await expect(generator.writePosts(brief)).rejects.toEqual(new GenerationFailure('unavailable'));
  });

  it('logs a refused key with its status and code, never the key or the provider’s message', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posts-openai-log-'));
    const logger = createLogger({ service: 'posts', level: 'info', logDir, stdout: false });
    const generator = new OpenAIContentGenerator(openAIClient({ apiKey: API_KEY, baseURL: openai.url, timeoutMs: 5000 }), 'gpt-4o-mini', logger);
    openai.reply(ERRORS.invalidKey);
    await expect(generator.writePosts(brief)).rejects.toMatchObject({ kind: 'misconfigured' });
    const log = await untilLogWritten(logger, path.join(logDir, 'posts.log'));
    expect(log).toContain('the AI provider refused our request');
    expect(log).toContain('"code":"invalid_api_key"');
    expect(log).not.toContain(API_KEY);
    expect(log).not.toContain('sk-stand');
    fs.rmSync(logDir, { recursive: true, force: true });
  });
});
