import type { HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { BlogCard } from './BlogCard.js';
import { BLOG_PAGE_SIZE, blogError } from './blog.js';

/** /blog (part 1 §2): category filter (All and each), card grid, Previous/Next paging. */
export function BlogPage({ host }: HostProps) {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const categories = useQuery({
    queryKey: ['blog-categories'],
    queryFn: () => host.api.request('GET', '/blog/categories', { auth: false }),
  });
  const posts = useQuery({
    queryKey: ['blog-posts', category, page],
    queryFn: () =>
      host.api.request('GET', '/blog/posts', { query: { page, per_page: BLOG_PAGE_SIZE, category: category || undefined }, auth: false }),
  });
  const go = (next: { category?: string; page?: number }) => {
    const query = new URLSearchParams();
    const slug = next.category ?? category;
    if (slug) query.set('category', slug);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  };
  const totalPages = posts.data?.pagination.total_pages ?? 1;
  return (
    <main className="page" aria-labelledby="blog-title">
      <h1 id="blog-title">Blog</h1>
      <nav aria-label="Blog categories">
        <ul className="chips">
          {[{ id: 'all', name: 'All', slug: '' }, ...(categories.data?.categories ?? [])].map((c) => (
            <li key={c.id}>
              <button type="button" className="link-button" aria-pressed={c.slug === category} onClick={() => go({ category: c.slug, page: 1 })}>
                {c.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {posts.isPending && <p role="status">Loading posts…</p>}
      {posts.isError && (
        <p role="alert" className="form-message form-message-error">
          {blogError(posts.error)}
        </p>
      )}
      {posts.data?.posts.length === 0 && <p>No posts yet.</p>}
      <ul className="cards blog-grid">
        {posts.data?.posts.map((post) => (
          <BlogCard key={post.id} post={post} />
        ))}
      </ul>
      {totalPages > 1 && (
        <nav aria-label="Pages" className="actions">
          <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </button>
          <span>
            Page {page} of {totalPages}
          </span>
          <button type="button" className="button button-secondary" disabled={page >= totalPages} onClick={() => go({ page: page + 1 })}>
            Next
          </button>
        </nav>
      )}
    </main>
  );
}
