import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentMessages } from '@planner/contracts';
import type { AdminBlogPost, BlogCategory } from '@planner/remote-contract';
import { AdminMessages } from '../src/messages.js';
import { AdminPanelPage } from '../src/panel/AdminPanelPage.js';
import { adminHost, apiError, callsTo, page, renderPage, type Answer, type Call } from './support.js';

afterEach(cleanup);

const NEWS: BlogCategory = { id: '00000000-0000-4000-8000-0000000000c1', name: 'News', slug: 'news', description: null };

function post(id: string, title: string, over: Partial<AdminBlogPost> = {}): AdminBlogPost {
  return {
    id,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    content: '<p>Body</p>',
    excerpt: 'Body',
    featured_image: null,
    is_published: true,
    categories: [NEWS],
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    published_at: '2026-03-01T10:00:00.000Z',
    author: { username: 'root' },
    ...over,
  };
}

const FIRST = post('00000000-0000-4000-8000-0000000000b1', 'First post');

/** The blog tab with `posts` on page 1 of `totalPages`, and any other `routes`. */
function openBlog(routes: Record<string, Answer> = {}, totalPages = 1) {
  const test = adminHost({
    'GET /blog/categories': () => ({ categories: [NEWS] }),
    'GET /blog/admin/posts?page=1&size=10': () => ({ posts: [FIRST], pagination: page(totalPages * 10, totalPages) }),
    ...routes,
  });
  renderPage(AdminPanelPage, test.host, '/admin?tab=blog');
  return test;
}

const postForm = () => screen.findByRole('form', { name: 'New blog post' });

describe('blog post form', () => {
  it('derives the slug from the title until the slug is typed; Generate slug from title takes it back', async () => {
    openBlog();
    const form = await postForm();
    const title = within(form).getByLabelText('Title');
    const slug = within(form).getByLabelText('Slug');
    await userEvent.type(title, 'Hello, World! Café');
    expect(slug).toHaveProperty('value', 'hello-world-cafe');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'my-own');
    await userEvent.type(title, ' again');
    expect(slug).toHaveProperty('value', 'my-own');
    await userEvent.click(within(form).getByRole('button', { name: 'Generate slug from title' }));
    expect(slug).toHaveProperty('value', 'hello-world-cafe-again');
  });

  it('needs title, slug and content and an http(s) image; creates with the chosen categories', async () => {
    const { calls, toasts } = openBlog({ 'POST /blog/admin/posts': () => ({ post: FIRST }) });
    const form = await postForm();
    await userEvent.type(within(form).getByLabelText('Title'), '!!!');
    await userEvent.click(within(form).getByRole('button', { name: 'Create post' }));
    expect(within(form).getByText(ContentMessages.postFieldsRequired)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Title'));
    await userEvent.type(within(form).getByLabelText('Title'), 'Spring launch');
    await userEvent.type(within(form).getByLabelText('Featured image URL (optional)'), 'javascript:alert(1)');
    await userEvent.click(within(form).getByRole('button', { name: 'Create post' }));
    expect(within(form).getByText(ContentMessages.postFieldsRequired), 'content still missing').toBeTruthy();
    expect(within(form).getByText(ContentMessages.featuredImageUrl)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), '<p>We launch</p>');
    await userEvent.clear(within(form).getByLabelText('Featured image URL (optional)'));
    await userEvent.type(within(form).getByLabelText('Featured image URL (optional)'), 'https://img.example/spring.png');
    await userEvent.click(within(form).getByLabelText('News'));
    await userEvent.click(within(form).getByLabelText('Published'));
    expect(callsTo(calls, 'POST', '/blog/admin/posts')).toHaveLength(0);
    await userEvent.click(within(form).getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/blog/admin/posts')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/blog/admin/posts')[0]!.body).toEqual({
      title: 'Spring launch',
      slug: 'spring-launch',
      content: '<p>We launch</p>',
      excerpt: null,
      featured_image: 'https://img.example/spring.png',
      is_published: true,
      categories: [NEWS.id],
    });
    expect(toasts).toContainEqual({ kind: 'success', message: AdminMessages.postCreated });
    expect(within(await postForm()).getByLabelText('Title'), 'the form is emptied').toHaveProperty('value', '');
  });

  it('says so when the server refuses, in its words, else in the spec’s', async () => {
    let refusal: Error = apiError(409, { message: ContentMessages.postSlugTaken });
    const { toasts } = openBlog({
      'POST /blog/admin/posts': () => {
        throw refusal;
      },
    });
    const form = await postForm();
    await userEvent.type(within(form).getByLabelText('Title'), 'Taken');
    await userEvent.type(within(form).getByLabelText('Content (HTML)'), 'x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: ContentMessages.postSlugTaken }));
    refusal = apiError(503);
    await userEvent.click(within(form).getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.postCreateFailed }));
  });

  it('edits from the row (form filled), updates, cancels the edit', async () => {
    const { calls } = openBlog({ [`PUT /blog/admin/posts/${FIRST.id}`]: () => ({ post: FIRST }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit First post' }));
    const form = screen.getByRole('form', { name: 'Edit post: First post' });
    expect(within(form).getByLabelText('Slug')).toHaveProperty('value', 'first-post');
    expect(within(form).getByLabelText('News')).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('Published')).toHaveProperty('checked', true);
    await userEvent.type(within(form).getByLabelText('Title'), '!');
    expect(within(form).getByLabelText('Slug'), 'an existing slug stays').toHaveProperty('value', 'first-post');
    await userEvent.click(within(form).getByRole('button', { name: 'Update post' }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/blog/admin/posts/')[0]?.body).toMatchObject({ title: 'First post!', slug: 'first-post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit First post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel edit' }));
    expect(screen.getByRole('form', { name: 'New blog post' })).toBeTruthy();
  });
});

describe('blog posts table', () => {
  it('pages with Previous and Next', async () => {
    const second = post('00000000-0000-4000-8000-0000000000b2', 'Older post', { is_published: false, published_at: null, categories: [] });
    const { calls } = openBlog({ 'GET /blog/admin/posts?page=2&size=10': () => ({ posts: [second], pagination: page(20, 2, 2) }) }, 2);
    expect(await screen.findByRole('row', { name: /First post/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const row = await screen.findByRole('row', { name: /Older post/ });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: /First post/ })).toBeTruthy();
    expect(calls.filter((c: Call) => c.path.startsWith('/blog/admin/posts')).map((c) => c.path)).toEqual([
      '/blog/admin/posts?page=1&size=10',
      '/blog/admin/posts?page=2&size=10',
      '/blog/admin/posts?page=1&size=10',
    ]);
  });

  it('deletes a post only after the spec’s confirmation', async () => {
    const { calls, toasts } = openBlog({ [`DELETE /blog/admin/posts/${FIRST.id}`]: () => ({ success: true, message: 'Blog post deleted.' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First post' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this blog post? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'DELETE', '/blog/admin/posts/')).toHaveLength(0);
    expect(document.activeElement, 'focus back on the button').toBe(screen.getByRole('button', { name: 'Delete First post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete First post' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Blog post deleted.' }));
  });
});

describe('category manager', () => {
  it('derives the slug from the name, needs name and slug, creates, deletes after the spec’s confirmation', async () => {
    const { calls } = openBlog({
      'POST /blog/admin/categories': () => ({ category: NEWS }),
      [`DELETE /blog/admin/categories/${NEWS.id}`]: () => ({ success: true, message: 'Category deleted.' }),
    });
    const form = await screen.findByRole('form', { name: 'New category' });
    await userEvent.type(within(form).getByLabelText('Category name'), 'Tips & Tricks');
    expect(within(form).getByLabelText('Category slug')).toHaveProperty('value', 'tips-tricks');
    await userEvent.clear(within(form).getByLabelText('Category slug'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(within(form).getByText(ContentMessages.categoryNameAndSlugRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Category slug'), 'Tips');
    await userEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/blog/admin/categories')[0]?.body).toEqual({ name: 'Tips & Tricks', slug: 'tips', description: null }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete category News' }));
    expect(within(screen.getByRole('alertdialog')).getByText('Are you sure you want to delete this category? This may affect associated blog posts.')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', `/blog/admin/categories/${NEWS.id}`)).toHaveLength(1));
  });

  it('a failed create says the spec’s words', async () => {
    const { toasts } = openBlog({
      'POST /blog/admin/categories': () => {
        throw apiError(500);
      },
    });
    const form = await screen.findByRole('form', { name: 'New category' });
    await userEvent.type(within(form).getByLabelText('Category name'), 'Events');
    await userEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: AdminMessages.categoryCreateFailed }));
  });
});

describe('failures without a reason from the server', () => {
  const confirmDelete = async (button: string) => {
    await userEvent.click(await screen.findByRole('button', { name: button }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  };
  it.each([
    {
      message: AdminMessages.postUpdateFailed,
      route: `PUT /blog/admin/posts/${FIRST.id}`,
      act: async () => {
        await userEvent.click(await screen.findByRole('button', { name: 'Edit First post' }));
        await userEvent.click(screen.getByRole('button', { name: 'Update post' }));
      },
    },
    { message: AdminMessages.postDeleteFailed, route: `DELETE /blog/admin/posts/${FIRST.id}`, act: () => confirmDelete('Delete First post') },
    { message: AdminMessages.categoryDeleteFailed, route: `DELETE /blog/admin/categories/${NEWS.id}`, act: () => confirmDelete('Delete category News') },
  ])('say $message', async ({ message, route, act }) => {
    const { toasts } = openBlog({
      [route]: () => {
        throw apiError(500);
      },
    });
    await act();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
  });
});
