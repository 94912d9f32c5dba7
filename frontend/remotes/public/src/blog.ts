import { ContentMessages, LIMITS } from '@planner/contracts';
import { isApiError, type BlogPost } from '@planner/remote-contract';

/** The blog's answers are typed by the remote contract (ApiEndpoints). */
export type { BlogCategory, BlogPost, BlogPostPage } from '@planner/remote-contract';

/** Part 1 §9: 10 posts a page; 3 categories shown per card. */
export const BLOG_PAGE_SIZE = LIMITS.blogPageSize;
export const CATEGORIES_PER_CARD = 3;
/** Part 1 §8. */
export const BLOG_LOAD_FAILED = 'Failed to load blog content';
/** Part 1 §9: the 3 latest posts (landing and newsletter pages). */
export const RECENT_POSTS = 3;
export const RECENT_POSTS_FAILED = 'Failed to load recent blog posts';

/** The service is down (5xx or no answer) versus another failure. */
export function blogError(error: unknown): string {
  if (isApiError(error) && (error.status === 0 || error.status >= 500)) return ContentMessages.blogUnavailable;
  return BLOG_LOAD_FAILED;
}

export function postDate(post: BlogPost): string {
  return new Date(post.published_at ?? post.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
