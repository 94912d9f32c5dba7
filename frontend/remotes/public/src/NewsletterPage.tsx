import type { HostProps } from '@planner/remote-contract';
import { useQuery } from '@tanstack/react-query';
import { BlogCard } from './BlogCard.js';
import { RECENT_POSTS, RECENT_POSTS_FAILED } from './blog.js';
import { NewsletterSignup } from './NewsletterSignup.js';

const BENEFITS = [
  'Practical tips for planning and scheduling social media posts',
  'New features of the planner as they ship',
  'Ideas for AI-generated content in your brand voice',
];

/** /newsletter-subscribe (part 1 §2): benefits, the signup form, the 3 latest posts, FAQ. */
export function NewsletterPage({ host }: HostProps) {
  const recent = useQuery({
    queryKey: ['blog-posts', '', 1, RECENT_POSTS],
    queryFn: () => host.api.request('GET', '/blog/posts', { query: { page: 1, per_page: RECENT_POSTS }, auth: false }),
  });
  return (
    <main className="page" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">Subscribe to our newsletter</h1>
      <ul>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <section className="card" aria-label="Sign up">
        <NewsletterSignup host={host} />
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Latest from the blog</h2>
        {recent.isError && (
          <p role="alert" className="form-message form-message-error">
            {RECENT_POSTS_FAILED}
          </p>
        )}
        <ul className="cards blog-grid">
          {recent.data?.posts.slice(0, RECENT_POSTS).map((post) => (
            <BlogCard key={post.id} post={post} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <h3>How often will I hear from you?</h3>
        <p>We send the newsletter roughly once a month.</p>
        <h3>Can I unsubscribe?</h3>
        <p>Yes, at any time, with the link at the bottom of every newsletter.</p>
      </section>
    </main>
  );
}
