import { z } from 'zod';
import { In, type EntityManager } from 'typeorm';
import { ContentMessages, isAdminRole, LIMITS, offsetOf, pageOf } from '@planner/contracts';
import { badRequest, conflict, idParams, isUuid, notFound, requireAdmin, rowId, type App, type ServiceContext } from '@planner/service-kit';
import { isUniqueViolation } from '@planner/service-kit/data';
import { plainText, sanitizeContent } from '../domain/html.js';
import { slugify } from '../domain/slug.js';
import { toCategoryView, toPostView } from '../domain/views.js';
import { Author } from '../entities/author.entity.js';
import { BlogCategory } from '../entities/blog-category.entity.js';
import { BlogPost } from '../entities/blog-post.entity.js';
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
type PostBody = z.infer<typeof postBody>;

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

/** Posts as the API shows them, with their authors' names from the read model. */
async function postViews(manager: EntityManager, posts: BlogPost[]) {
  const authorIds = [...new Set(posts.map((p) => p.authorId).filter((id): id is string => id !== null))];
  const authors = authorIds.length ? await manager.findBy(Author, { userId: In(authorIds) }) : [];
  const names = new Map(authors.map((a) => [a.userId, a.username]));
  return posts.map((post) => toPostView(post, post.authorId ? (names.get(post.authorId) ?? null) : null));
}

/** A page of posts, newest first; `category` is a category slug. */
async function listPosts(manager: EntityManager, filter: { published?: boolean; category?: string }, page: number, perPage: number) {
  const query = manager.getRepository(BlogPost).createQueryBuilder('p').leftJoinAndSelect('p.categories', 'c');
  if (filter.published !== undefined) query.andWhere('p.is_published = :published', { published: filter.published });
  if (filter.category) {
    query.andWhere(
      'EXISTS (SELECT 1 FROM blog_post_categories pc JOIN blog_categories fc ON fc.id = pc.category_id WHERE pc.post_id = p.id AND fc.slug = :category)',
      { category: filter.category },
    );
  }
  const [posts, total] = await query
    .orderBy('p.published_at', 'DESC', 'NULLS LAST')
    .addOrderBy('p.created_at', 'DESC')
    .skip(offsetOf(page, perPage))
    .take(perPage)
    .getManyAndCount();
  return { posts: await postViews(manager, posts), pagination: pageOf(page, perPage, total) };
}

/** The slug given, or the title's; the content sanitized; the categories checked. */
async function postFields(manager: EntityManager, body: Partial<PostBody>, current?: BlogPost) {
  const fields: Partial<BlogPost> = {};
  if (body.title !== undefined) fields.title = body.title;
  if (body.slug !== undefined || !current) {
    fields.slug = slugify(body.slug?.trim() || (body.title ?? current?.title ?? ''));
    if (!fields.slug) throw badRequest(postRequired);
  }
  if (body.content !== undefined) {
    fields.content = sanitizeContent(body.content);
    // Content that was nothing but markup (or only script) leaves no post.
    if (!plainText(fields.content) && !fields.content.includes('<img')) throw badRequest(postRequired, { field: 'content' });
  }
  if (body.excerpt !== undefined) fields.excerpt = body.excerpt?.trim() ? plainText(body.excerpt) : null;
  if (body.featured_image !== undefined) fields.featuredImage = body.featured_image || null;
  if (body.is_published !== undefined) {
    fields.isPublished = body.is_published;
    // Published time is the first publication that is still standing; unpublishing clears it.
    fields.publishedAt = body.is_published ? (current?.isPublished ? current.publishedAt : new Date()) : null;
  }
  if (body.categories !== undefined) {
    const ids = [...new Set(body.categories)];
    const categories = ids.length ? await manager.findBy(BlogCategory, { id: In(ids) }) : [];
    if (categories.length !== ids.length) throw badRequest(ContentMessages.unknownCategories, { field: 'categories' });
    fields.categories = categories;
  }
  return fields;
}

async function savePost(manager: EntityManager, post: BlogPost): Promise<BlogPost> {
  try {
    return await manager.save(post);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ContentMessages.postSlugTaken);
    throw error;
  }
}

async function postById(manager: EntityManager, id: string): Promise<BlogPost> {
  const post = await manager.findOne(BlogPost, { where: { id }, relations: { categories: true } });
  if (!post) throw notFound(ContentMessages.blogPostNotFound);
  return post;
}

const postId = (id: string) => rowId(id, ContentMessages.blogPostNotFound);

/** Part 1 §2, §7: the public blog and its administration. */
export async function blogRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['blog'];
  const db = ctx.dataSource.manager;

  app.get('/blog/categories', { schema: { tags } }, async () => {
    const categories = await db.find(BlogCategory, { order: { name: 'ASC' } });
    return { categories: categories.map(toCategoryView) };
  });

  app.get(
    '/blog/posts',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.blogPageSize), category: z.string({ error: ContentMessages.invalidCategoryFilter }).optional() }) } },
    async (request) => {
      const { page, per_page, category } = request.query;
      return listPosts(db, { published: true, category: category || undefined }, page, per_page);
    },
  );

  /** By id or slug; drafts only for admins (the admin's preview). */
  app.get('/blog/posts/:idOrSlug', { schema: { tags, params: postParams } }, async (request) => {
    const { idOrSlug } = request.params;
    const post = await db.findOne(BlogPost, {
      where: isUuid(idOrSlug) ? [{ id: idOrSlug }, { slug: idOrSlug }] : { slug: idOrSlug },
      relations: { categories: true },
    });
    const admin = request.identity !== null && isAdminRole(request.identity.role);
    if (!post || (!post.isPublished && !admin)) throw notFound(ContentMessages.blogPostNotFound);
    const [view] = await postViews(db, [post]);
    return { post: view };
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
      return listPosts(db, { published }, page, size ?? per_page);
    },
  );

  app.post('/blog/admin/posts', { schema: { tags, body: postBody } }, async (request, reply) => {
    const identity = requireAdmin(request);
    const post = await ctx.dataSource.transaction(async (manager) => {
      const fields = await postFields(manager, request.body);
      return savePost(manager, manager.create(BlogPost, { categories: [], isPublished: false, publishedAt: null, ...fields, authorId: identity.userId }));
    });
    const [view] = await postViews(db, [await postById(db, post.id)]);
    return reply.status(201).send({ post: view });
  });

  app.put('/blog/admin/posts/:id', { schema: { tags, params: idParams, body: postBody.partial() } }, async (request) => {
    requireAdmin(request);
    await ctx.dataSource.transaction(async (manager) => {
      const post = await postById(manager, postId(request.params.id));
      await savePost(manager, Object.assign(post, await postFields(manager, request.body, post)));
    });
    const [view] = await postViews(db, [await postById(db, request.params.id)]);
    return { post: view };
  });

  app.delete('/blog/admin/posts/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAdmin(request);
    const { affected } = await db.delete(BlogPost, { id: postId(request.params.id) });
    if (!affected) throw notFound(ContentMessages.blogPostNotFound);
    return { success: true, message: ContentMessages.postDeleted };
  });

  app.post('/blog/admin/categories', { schema: { tags, body: categoryBody } }, async (request, reply) => {
    requireAdmin(request);
    const { name, slug, description } = request.body;
    const derived = slugify(slug?.trim() || name);
    if (!derived) throw badRequest(categoryRequired, { field: 'slug' });
    try {
      const category = await db.save(db.create(BlogCategory, { name, slug: derived, description: description?.trim() || null }));
      return reply.status(201).send({ category: toCategoryView(category) });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ContentMessages.categorySlugTaken);
      throw error;
    }
  });

  app.delete('/blog/admin/categories/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAdmin(request);
    const { affected } = await db.delete(BlogCategory, { id: rowId(request.params.id, ContentMessages.categoryNotFound) });
    if (!affected) throw notFound(ContentMessages.categoryNotFound);
    return { success: true, message: ContentMessages.categoryDeleted };
  });
}
