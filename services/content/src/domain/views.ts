import type { BlogCategory } from '../entities/blog-category.entity.js';
import type { BlogPost } from '../entities/blog-post.entity.js';
import type { Newsletter } from '../entities/newsletter.entity.js';
import type { Subscriber } from '../entities/subscriber.entity.js';
import { excerptOf } from './html.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCategoryView(category: BlogCategory) {
  return { id: category.id, name: category.name, slug: category.slug, description: category.description };
}

/** Part 1 §3: a post as read, categories as objects, the excerpt filled from the content when empty. */
export function toPostView(post: BlogPost, authorName: string | null) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: excerptOf(post.excerpt, post.content),
    featured_image: post.featuredImage,
    is_published: post.isPublished,
    categories: [...post.categories].sort((a, b) => a.name.localeCompare(b.name)).map(toCategoryView),
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    published_at: iso(post.publishedAt),
    author: { username: authorName },
  };
}

export function toNewsletterView(newsletter: Newsletter) {
  return {
    id: newsletter.id,
    subject: newsletter.subject,
    content: newsletter.content,
    status: newsletter.sentAt ? ('sent' as const) : ('draft' as const),
    sent_at: iso(newsletter.sentAt),
    finished_at: iso(newsletter.finishedAt),
    created_at: newsletter.createdAt.toISOString(),
    recipients_count: newsletter.recipientsCount,
  };
}

/** Part 1 §3's fields, and the status behind `is_active`: a signup awaiting its confirmation is inactive too. */
export function toSubscriberView(subscriber: Subscriber) {
  const status = subscriber.isActive ? 'active' : subscriber.unsubscribedAt ? 'unsubscribed' : 'pending';
  return { id: subscriber.id, email: subscriber.email, is_active: subscriber.isActive, status, created_at: subscriber.createdAt.toISOString() };
}
