import { PostMessages, POSTS_PAGE_SIZE, type PostFilter } from '@planner/contracts';
import type { HostProps } from '@planner/remote-contract';
import { errorText } from '@planner/ui/error-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useOrganizationSettings } from './organization.js';
import { PostCard, type Banner } from './PostCard.js';
import { DEFAULT_FILTER, FILTERS, filterOf, highlightOf } from './post-review.js';
import { Pager } from '@planner/ui/pager';
import { REVIEW_BANNER_MS, useTimed } from './timed.js';
import { useFocusAfterAction } from './focus-after-action.js';
import { LoadingRegion } from '@planner/ui/skeleton';
import { EmptyState } from '@planner/ui/empty-state';

/**
 * Post Review, /organization/posts (part 2 §2, §4, §8): the selected
 * organization's posts of one status (default pending review, failed
 * included), a page at a time, with refresh; each card's actions; banners
 * that clear after 5 s; a post the calendar names, or the designer just
 * saved, highlighted under its own status (and shown above the list when the
 * page does not hold it).
 */
export function PostReviewPage({ host }: HostProps) {
  const id = useId();
  const organizationId = host.organization?.id;
  const location = useLocation();
  const [search] = useSearchParams();
  const highlight = highlightOf(location.state, search);
  const highlightId = highlight?.postId ?? null;
  const [filter, setFilter] = useState<PostFilter>(DEFAULT_FILTER);
  const [page, setPage] = useState(1);
  // The highlight whose status chose the filter: once chosen, the user's choice (or the post's later status) leaves it be.
  const [filteredFor, setFilteredFor] = useState<string | null>(null);
  const [banner, setBanner] = useTimed<Banner>(REVIEW_BANNER_MS);
  const settings = useOrganizationSettings(host);
  const main = useRef<HTMLElement>(null);
  const messages = useRef<HTMLDivElement>(null);
  const focusAfterAction = useFocusAfterAction(main, messages);

  const highlighted = useQuery({
    queryKey: ['posts', 'one', highlightId],
    queryFn: () => host.api.request('GET', '/posts/:id', { params: { id: highlightId! } }),
    enabled: highlightId !== null,
    retry: false,
  });
  // Its status as read now, not as cached from an earlier visit (an edit since may have approved it).
  if (highlighted.data && !highlighted.isFetching && filteredFor !== highlightId) {
    setFilteredFor(highlightId);
    setFilter(filterOf(highlighted.data.status));
    setPage(1);
  }
  // The list waits for the highlighted post's status, so it never shows another filter's "No posts found" first.
  const choosingFilter = highlightId !== null && filteredFor !== highlightId && !highlighted.isError;

  const posts = useQuery({
    queryKey: ['posts', organizationId, filter, page],
    queryFn: () => host.api.request('GET', '/posts', { query: { organization_id: organizationId!, status: filter, page, per_page: POSTS_PAGE_SIZE } }),
    enabled: organizationId !== undefined && !choosingFilter,
    retry: false,
  });
  const listed = posts.data?.posts ?? [];
  const highlightListed = highlightId !== null && listed.some((post) => post.id === highlightId);
  const highlightBadge = highlight?.edited ? 'Edited' : 'From the calendar';

  const pagination = posts.data?.pagination;
  // The last post of the last page went (deleted, or approved out of the filter): back to the page that is now last.
  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  if (!organizationId) return <Navigate to="/" replace />;

  return (
    <main ref={main} className="page post-review">
      <h1>Post Review</h1>
      <div className="review-toolbar">
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as PostFilter);
              setFilteredFor(highlightId);
              setPage(1);
            }}
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button-secondary" disabled={posts.isFetching} onClick={() => void posts.refetch()}>
          {posts.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      <div ref={messages} className="review-messages" aria-live="polite" tabIndex={-1}>
        {banner && (
          <p className={`form-message ${banner.kind === 'success' ? 'form-message-success' : 'form-message-error'}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
            {banner.text}
          </p>
        )}
      </div>

      {highlighted.data && posts.isSuccess && !highlightListed && (
        <section aria-label={highlight?.edited ? 'Edited post' : 'Post from the calendar'}>
          <ul className="post-list">
            <PostCard post={highlighted.data} host={host} organization={settings.data} highlight={highlightBadge} onBanner={setBanner} onDone={() => focusAfterAction(highlighted.data.id, 0)} />
          </ul>
        </section>
      )}

      {(posts.isPending || choosingFilter) && <LoadingRegion label="Loading posts..." />}
      {posts.isError && (
        <div className="form-message form-message-error">
          <p role="alert">{errorText(posts.error)}</p>
          <button type="button" className="button" onClick={() => void posts.refetch()}>
            Retry
          </button>
        </div>
      )}
      {posts.isSuccess && listed.length === 0 && (
        <EmptyState
          title={PostMessages.noPostsForStatus}
          action={
            <Link className="button" to="/organization/designer">
              Create a post
            </Link>
          }
        >
          Posts made in the Content Designer wait here for review; another status above may have some.
        </EmptyState>
      )}
      {listed.length > 0 && (
        <ul className="post-list" aria-label="Posts">
          {listed.map((post, index) => (
            <PostCard key={post.id} post={post} host={host} organization={settings.data} highlight={post.id === highlightId ? highlightBadge : null} onBanner={setBanner} onDone={() => focusAfterAction(post.id, index)} />
          ))}
        </ul>
      )}

      {pagination && <Pager label="Pages of posts" page={pagination.page} totalPages={pagination.total_pages} onPage={setPage} />}
    </main>
  );
}
