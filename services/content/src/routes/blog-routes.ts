import { z } from 'zod';
import { ContentMessages, isAdminRole, LIMITS, pageOf } from '@planner/contracts';
import { idParams, isUuid, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { createCategory, createPost, deleteCategory, deletePost, listCategories, listPosts, readPost, updatePost } from '../commands/blog.js';
import { toCategoryView } from '../domain/views.js';
import { booleanFilter, pageQuery, pageSize } from './common.js';

const { tooLong } = ContentMessages;
const postRequired = ContentMessages.postFieldsRequired;

const postBody = z.object(
  {
    title: z.string({ error: postRequired }).trim().min(1, postRequired).max(300, tooLong('Title', 300)),
    /** Derived from the title when blank (part 1 §5). */
    slug: z.string({ error: postRequired }).max(300, tooLong('Slug', 300)).nullish(),
    content: z.string({ error: postRequired }).max(500_000, tooLong('Content', 500_000)),
    excerpt: z.string({ error: tooLong('Excerpt', 2000) }).max(2000, tooLong('Excerpt', 2000)).nullish(),
    featured_image: z
      .string({ error: ContentMessages.featuredImageUrl })
      .trim()
      .max(2000, tooLong('The featured image URL', 2000))
      .refine((value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)), ContentMessages.featuredImageUrl)
      .nullish(),
    is_published: z.boolean({ error: ContentMessages.invalidPublishedFlag }).optional(),
    // An id that is no UUID names no category either.
    categories: z
      .array(z.string({ error: ContentMessages.unknownCategories }).refine(isUuid, ContentMessages.unknownCategories), { error: ContentMessages.unknownCategories })
      .max(50, ContentMessages.unknownCategories)
      .optional(),
  },
  { error: postRequired },
);

const categoryRequired = ContentMessages.categoryNameAndSlugRequired;
const categoryBody = z.object(
  {
    name: z.string({ error: categoryRequired }).trim().min(1, categoryRequired).max(200, tooLong('Category name', 200)),
    /** Derived from the name when absent (part 1 §5). */
    slug: z.string({ error: categoryRequired }).max(200, tooLong('Slug', 200)).nullish(),
    description: z.string({ error: tooLong('Description', 2000) }).max(2000, tooLong('Description', 2000)).nullish(),
  },
  { error: categoryRequired },
);

const postParams = z.object({ idOrSlug: z.string() });

const postIdParams = idParams(ContentMessages.blogPostNotFound);

/** Part 1 §2, §7: the public blog and its administration. */
export async function blogRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['blog'];

  app.get('/blog/categories', { schema: { tags } }, async () => ({ categories: (await listCategories(ctx)).map(toCategoryView) }));

  app.get(
    '/blog/posts',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.blogPageSize), category: z.string({ error: ContentMessages.invalidCategoryFilter }).optional() }) } },
    async (request) => {
      const { page, per_page, category } = request.query;
      const { posts, total } = await listPosts(ctx, { published: true, category: category || undefined }, page, per_page);
      return { posts, pagination: pageOf(page, per_page, total) };
    },
  );

  /** By id or slug; drafts only for admins (the admin's preview). */
  app.get('/blog/posts/:idOrSlug', { schema: { tags, params: postParams } }, async (request) => {
    const admin = request.identity !== null && isAdminRole(request.identity.role);
    return { post: await readPost(ctx, request.params.idOrSlug, { drafts: admin }) };
  });

  app.get(
    '/blog/admin/posts',
    {
      schema: {
        tags,
        // Part 1 §7 names this list's page size `size`; `per_page` as on the public list works too.
        querystring: z.object({ ...pageQuery(LIMITS.blogPageSize), size: pageSize.optional(), published: booleanFilter }),
      },
    },
    async (request) => {
      requireAdmin(request);
      const { page, per_page, size, published } = request.query;
      const perPage = size ?? per_page;
      const { posts, total } = await listPosts(ctx, { published }, page, perPage);
      return { posts, pagination: pageOf(page, perPage, total) };
    },
  );

  app.post('/blog/admin/posts', { schema: { tags, body: postBody } }, async (request, reply) => {
    const identity = requireAdmin(request);
    return reply.status(201).send({ post: await createPost(ctx, request.body, identity.userId) });
  });

  app.put('/blog/admin/posts/:id', { schema: { tags, params: postIdParams, body: postBody.partial() } }, async (request) => {
    requireAdmin(request);
    return { post: await updatePost(ctx, request.params.id, request.body) };
  });

  app.delete('/blog/admin/posts/:id', { schema: { tags, params: postIdParams } }, async (request) => {
    requireAdmin(request);
    await deletePost(ctx, request.params.id);
    return { success: true, message: ContentMessages.postDeleted };
  });

  app.post('/blog/admin/categories', { schema: { tags, body: categoryBody } }, async (request, reply) => {
    requireAdmin(request);
    return reply.status(201).send({ category: toCategoryView(await createCategory(ctx, request.body)) });
  });

  app.delete('/blog/admin/categories/:id', { schema: { tags, params: idParams(ContentMessages.categoryNotFound) } }, async (request) => {
    requireAdmin(request);
    await deleteCategory(ctx, request.params.id);
    return { success: true, message: ContentMessages.categoryDeleted };
  });
}
