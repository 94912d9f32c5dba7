import { ContentMessages, slugify } from '@planner/contracts';
import type { AdminBlogPost, BlogPostInput } from '@planner/remote-contract';

export interface PostDraft {
  title: string;
  slug: string;
  /** Whether the slug was typed by hand; until then it follows the title. */
  slugEdited: boolean;
  content: string;
  excerpt: string;
  featuredImage: string;
  isPublished: boolean;
  categories: string[];
}

export const emptyPost = (): PostDraft => ({ title: '', slug: '', slugEdited: false, content: '', excerpt: '', featuredImage: '', isPublished: false, categories: [] });

/** Part 1 §4: editing fills the form from the row. */
export function draftOfPost(post: AdminBlogPost): PostDraft {
  return {
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    content: post.content,
    excerpt: post.excerpt,
    featuredImage: post.featured_image ?? '',
    isPublished: post.is_published,
    categories: post.categories.map((category) => category.id),
  };
}

/** The title changed: the slug follows it (part 1 §5, generated from the title) unless it was typed by hand. */
export function withTitle(draft: PostDraft, title: string): PostDraft {
  return { ...draft, title, slug: draft.slugEdited ? draft.slug : slugify(title) };
}

export type PostErrors = Partial<Record<'form' | 'featuredImage', string>>;

/** Part 1 §5: title, slug and content required; excerpt and featured image URL optional (an image an http(s) URL). */
export function checkPost(draft: PostDraft): { post: BlogPostInput } | { errors: PostErrors } {
  const errors: PostErrors = {};
  const slug = slugify(draft.slug);
  if (!draft.title.trim() || !slug || !draft.content.trim()) errors.form = ContentMessages.postFieldsRequired;
  const image = draft.featuredImage.trim();
  if (image && !/^https?:\/\/\S+$/i.test(image)) errors.featuredImage = ContentMessages.featuredImageUrl;
  if (errors.form || errors.featuredImage) return { errors };
  return {
    post: {
      title: draft.title.trim(),
      slug,
      content: draft.content,
      excerpt: draft.excerpt.trim() || null,
      featured_image: image || null,
      is_published: draft.isPublished,
      categories: draft.categories,
    },
  };
}

export interface CategoryDraft {
  name: string;
  slug: string;
  slugEdited: boolean;
  description: string;
}

export const emptyCategory = (): CategoryDraft => ({ name: '', slug: '', slugEdited: false, description: '' });

/** The name changed: the slug is derived from it (part 1 §5) unless it was typed by hand. */
export function withCategoryName(draft: CategoryDraft, name: string): CategoryDraft {
  return { ...draft, name, slug: draft.slugEdited ? draft.slug : slugify(name) };
}

/** Part 1 §5: a category needs a name and a slug ('Category name and slug are required'). */
export function checkCategory(draft: CategoryDraft): { category: { name: string; slug: string; description: string | null } } | { error: string } {
  const slug = slugify(draft.slug);
  if (!draft.name.trim() || !slug) return { error: ContentMessages.categoryNameAndSlugRequired };
  return { category: { name: draft.name.trim(), slug, description: draft.description.trim() || null } };
}
