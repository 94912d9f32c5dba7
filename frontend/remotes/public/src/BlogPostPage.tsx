import { ContentMessages } from '@planner/contracts';
import { isApiError, type HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { blogError, postDate } from './blog.js';

/** /blog/{slug}: the post with a back link; an unknown post toasts and returns to /blog (part 1 §8). */
export function BlogPostPage({ host }: HostProps) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const post = useQuery({
    queryKey: ['blog-post', slug],
    queryFn: () => host.api.request('GET', '/blog/posts/:slug', { params: { slug }, auth: false }),
    retry: false,
  });
  const missing = post.isError && isApiError(post.error) && post.error.status === 404;
  useEffect(() => {
    if (!missing) return;
    host.toast({ kind: 'error', message: ContentMessages.blogPostNotFound });
    navigate('/blog', { replace: true });
  }, [missing, host, navigate]);

  return (
    <main className="page page-article" aria-labelledby="post-title">
      <p>
        <Link to="/blog">← Back to the blog</Link>
      </p>
      {post.isPending && <p role="status">Loading…</p>}
      {post.isError && !missing && (
        <p role="alert" className="form-message form-message-error">
          {blogError(post.error)}
        </p>
      )}
      {post.data && (
        <article>
          <h1 id="post-title">{post.data.post.title}</h1>
          <p className="muted">
            {postDate(post.data.post)}
            {post.data.post.author.username ? ` · ${post.data.post.author.username}` : ''}
          </p>
          {post.data.post.featured_image && <img src={post.data.post.featured_image} alt="" className="blog-image" />}
          {/* The content service sanitizes post HTML when it is saved. */}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: post.data.post.content }} />
        </article>
      )}
    </main>
  );
}
