import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { BlogCategory } from '../src/entities/blog-category.entity.js';
import { BlogPost } from '../src/entities/blog-post.entity.js';
import { Newsletter } from '../src/entities/newsletter.entity.js';
import { startContent, type Content } from './service.js';

let c: Content;

beforeAll(async () => {
  c = await startContent();
});
afterAll(async () => c?.close());

/** Issue 28: each text field the issue found answering 500, with U+0000 and with half a surrogate pair. */
const UNSTORABLE: Array<[text: string, message: string]> = [
  ['nul\u0000here', SharedMessages.nulCharacter],
  ['x\ud800y', SharedMessages.loneSurrogate],
  ['\udc00 first', SharedMessages.loneSurrogate],
];

describe('text Postgres cannot store is a 400 naming the field, never a 500', () => {
  it('blog categories and posts, newsletter subject and content, and the unsubscribe e-mail (no login needed)', async () => {
    const post = { title: 'A post', content: 'Body', excerpt: 'Short' };
    const newsletter = { subject: 'News', content: 'Hello' };
    const rows: Array<[url: string, body: Record<string, string>, field: string, admin: boolean]> = [
      ['/blog/admin/categories', { name: 'Tips' }, 'name', true],
      ['/blog/admin/categories', { name: 'Tips', description: 'About' }, 'description', true],
      ['/blog/admin/posts', post, 'title', true],
      ['/blog/admin/posts', post, 'content', true],
      ['/blog/admin/posts', post, 'excerpt', true],
      ['/newsletter/admin/newsletters', newsletter, 'subject', true],
      ['/newsletter/admin/newsletters', newsletter, 'content', true],
      ['/newsletter/unsubscribe', { email: 'reader@example.com' }, 'email', false],
    ];
    for (const [url, body, field, admin] of rows) {
      for (const [text, message] of UNSTORABLE) {
        const res = await c.api.send({ method: 'POST', url, payload: { ...body, [field]: text }, headers: admin ? c.tokens.admin : {} });
        const request = `POST ${url} ${field}=${JSON.stringify(text)}`;
        expect({ request, status: res.statusCode, body: res.json() }).toEqual({ request, status: 400, body: { error: 'Bad Request', message, field } });
      }
    }
    const stored = await Promise.all([BlogCategory, BlogPost, Newsletter].map((entity) => c.ctx.dataSource.getRepository(entity).count()));
    expect(stored).toEqual([0, 0, 0]);
  });

  it('an update as well as a creation', async () => {
    const created = await c.api.send({ method: 'POST', url: '/newsletter/admin/newsletters', payload: { subject: 'News', content: 'Hello' }, headers: c.tokens.admin });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().newsletter.id;
    const res = await c.api.send({ method: 'PUT', url: `/newsletter/admin/newsletters/${id}`, payload: { content: 'a\u0000b' }, headers: c.tokens.admin });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: SharedMessages.nulCharacter });
  });
});
