import { In, type EntityManager } from 'typeorm';
import { ContentMessages, offsetOf, slugify } from '@planner/contracts';
import { badRequest, conflict, isUuid, notFound, type ServiceContext } from '@planner/service-kit';
import { isUniqueViolation } from '@planner/service-kit/data';
import { plainText, sanitizeContent } from '../domain/html.js';
import { toPostView } from '../domain/views.js';
import { Author } from '../entities/author.entity.js';
import { BlogCategory } from '../entities/blog-category.entity.js';
import { BlogPost } from '../entities/blog-post.entity.js';

const postRequired = ContentMessages.postFieldsRequired;

/** A post's fields as the API takes them (the routes parse them); on an update, absent ones stay as they are. */
export interface PostInput {
  title?: string;
  /** Derived from the title when blank (part 1 §5). */
  slug?: string | null;
  content?: string;
  excerpt?: string | null;
  featured_image?: string | null;
  is_published?: boolean;
  /** Category ids. */
  categories?: string[];
}

export interface CategoryInput {
  name: string;
  /** Derived from the name when absent (part 1 §5). */
  slug?: string | null;
  description?: string | null;
}

export type PostView = ReturnType<typeof toPostView>;

/** Posts as the API shows them, with their authors' names from the read model. */
async function postViews(manager: EntityManager, posts: BlogPost[]): Promise<PostView[]> {
  const authorIds = [...new Set(posts.map((p) => p.authorId).filter((id): id is string => id !== null))];
  const authors = authorIds.length ? await manager.findBy(Author, { userId: In(authorIds) }) : [];
  const names = new Map(authors.map((a) => [a.userId, a.username]));
  return posts.map((post) => toPostView(post, post.authorId ? (names.get(post.authorId) ?? null) : null));
}

async function postView(manager: EntityManager, post: BlogPost): Promise<PostView> {
  const [view] = await postViews(manager, [post]);
  return view!;
}

export function listCategories(ctx: ServiceContext): Promise<BlogCategory[]> {
  return ctx.dataSource.manager.find(BlogCategory, { order: { name: 'ASC' } });
}

/** A page of posts, newest first, and how many there are in all; `category` is a category slug. */
export async function listPosts(ctx: ServiceContext, filter: { published?: boolean; category?: string }, page: number, perPage: number) {
  const manager = ctx.dataSource.manager;
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
  return { posts: await postViews(manager, posts), total };
}

/** A post by id or slug; a draft only with `drafts` (the admin's preview). */
export async function readPost(ctx: ServiceContext, idOrSlug: string, { drafts }: { drafts: boolean }): Promise<PostView> {
  const manager = ctx.dataSource.manager;
  const post = await manager.findOne(BlogPost, {
    where: isUuid(idOrSlug) ? [{ id: idOrSlug }, { slug: idOrSlug }] : { slug: idOrSlug },
    relations: { categories: true },
  });
  if (!post || (!post.isPublished && !drafts)) throw notFound(ContentMessages.blogPostNotFound);
  return postView(manager, post);
}

/** The slug given, or the title's; the content sanitized; the categories checked. */
async function postFields(manager: EntityManager, input: PostInput, current?: BlogPost): Promise<Partial<BlogPost>> {
  const fields: Partial<BlogPost> = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.slug !== undefined || !current) {
    fields.slug = slugify(input.slug?.trim() || (input.title ?? current?.title ?? ''));
    if (!fields.slug) throw badRequest(postRequired);
  }
  if (input.content !== undefined) {
    fields.content = sanitizeContent(input.content);
    // Content that was nothing but markup (or only script) leaves no post.
    if (!plainText(fields.content) && !fields.content.includes('<img')) throw badRequest(postRequired, { field: 'content' });
  }
  if (input.excerpt !== undefined) fields.excerpt = input.excerpt?.trim() ? plainText(input.excerpt) : null;
  if (input.featured_image !== undefined) fields.featuredImage = input.featured_image || null;
  if (input.is_published !== undefined) {
    fields.isPublished = input.is_published;
    // Published time is the first publication that is still standing; unpublishing clears it.
    fields.publishedAt = input.is_published ? (current?.isPublished ? current.publishedAt : new Date()) : null;
  }
  if (input.categories !== undefined) {
    const ids = [...new Set(input.categories)];
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

/** A new post by `authorId`, a draft unless `is_published`. */
export async function createPost(ctx: ServiceContext, input: PostInput, authorId: string): Promise<PostView> {
  const post = await ctx.dataSource.transaction(async (manager) => {
    const fields = await postFields(manager, input);
    return savePost(manager, manager.create(BlogPost, { categories: [], isPublished: false, publishedAt: null, ...fields, authorId }));
  });
  const manager = ctx.dataSource.manager;
  return postView(manager, await postById(manager, post.id));
}

export async function updatePost(ctx: ServiceContext, id: string, input: PostInput): Promise<PostView> {
  await ctx.dataSource.transaction(async (manager) => {
    const post = await postById(manager, id);
    await savePost(manager, Object.assign(post, await postFields(manager, input, post)));
  });
  const manager = ctx.dataSource.manager;
  return postView(manager, await postById(manager, id));
}

export async function deletePost(ctx: ServiceContext, id: string): Promise<void> {
  const { affected } = await ctx.dataSource.manager.delete(BlogPost, { id });
  if (!affected) throw notFound(ContentMessages.blogPostNotFound);
}

export async function createCategory(ctx: ServiceContext, { name, slug, description }: CategoryInput): Promise<BlogCategory> {
  const derived = slugify(slug?.trim() || name);
  if (!derived) throw badRequest(ContentMessages.categoryNameAndSlugRequired, { field: 'slug' });
  const manager = ctx.dataSource.manager;
  try {
    return await manager.save(manager.create(BlogCategory, { name, slug: derived, description: description?.trim() || null }));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ContentMessages.categorySlugTaken);
    throw error;
  }
}

/** Deletes a category; its posts lose it. */
export async function deleteCategory(ctx: ServiceContext, id: string): Promise<void> {
  const { affected } = await ctx.dataSource.manager.delete(BlogCategory, { id });
  if (!affected) throw notFound(ContentMessages.categoryNotFound);
}
