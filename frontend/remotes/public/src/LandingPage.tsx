import { useQuery } from '@tanstack/react-query';
import type { HostProps } from '@planner/remote-contract';
import { Link } from 'react-router-dom';
import { BlogCard } from './BlogCard.js';
import { LANDING_HERO } from './landing-hero.js';
import { RECENT_POSTS } from './blog.js';
import { NewsletterSignup } from './NewsletterSignup.js';

/** Part 1 §9: landing statistics refresh every 60 s. */
export const LANDING_STATS_REFRESH_MS = 60_000;

export const PLATFORMS = ['Twitter (X)', 'Facebook', 'Instagram', 'Threads', 'LinkedIn', 'TikTok', 'Telegram', 'YouTube'] as const;
export const FEATURES = [
  { title: 'Smart scheduling', text: 'Plan posts on a calendar and let them publish at the right time.' },
  { title: 'Team approval flows', text: 'Review and approve every post before it goes out.' },
  { title: 'Analytics', text: 'See what was published where, and how it performed.' },
  { title: 'AI content generation', text: 'Generate posts and media in your brand voice.' },
] as const;

function figure(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-US');
}

/** Part 1 §1, §2: hero with Register and Login, live metrics, the two fixed figures, features, platforms. */
export function LandingPage({ host }: HostProps) {
  const stats = useQuery({
    queryKey: ['landing-statistics'],
    queryFn: () => host.api.request('GET', '/statistics', { auth: false }),
    refetchInterval: LANDING_STATS_REFRESH_MS,
    retry: false,
  });
  const recent = useQuery({
    queryKey: ['blog-posts', '', 1, RECENT_POSTS],
    queryFn: () => host.api.request('GET', '/blog/posts', { query: { page: 1, per_page: RECENT_POSTS }, auth: false }),
    retry: false,
  });
  return (
    <main className="page landing" aria-labelledby="landing-title">
      <section className="hero">
        <h1 id="landing-title">{LANDING_HERO.title}</h1>
        <p>{LANDING_HERO.text}</p>
        <p className="actions">
          <Link className="button" to="/register">
            Register
          </Link>
          <Link className="button button-secondary" to="/login">
            Login
          </Link>
        </p>
      </section>
      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title">In numbers</h2>
        <dl className="metrics">
          <div>
            <dt>Organizations</dt>
            <dd>{figure(stats.data?.total_organizations)}</dd>
          </div>
          <div>
            <dt>Total posts</dt>
            <dd>{figure(stats.data?.total_posts)}</dd>
          </div>
          <div>
            <dt>Engagement</dt>
            <dd>98.2%</dd>
          </div>
          <div>
            <dt>Satisfaction</dt>
            <dd>99.7%</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title">Features</h2>
        <ul className="cards">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="platforms-title">
        <h2 id="platforms-title">Platforms</h2>
        <ul className="chips">
          {PLATFORMS.map((platform) => (
            <li key={platform}>{platform}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="landing-newsletter-title" className="card">
        <h2 id="landing-newsletter-title">Get the newsletter</h2>
        <p>Planning tips and product news, about once a month.</p>
        <NewsletterSignup host={host} />
      </section>
      {recent.data && recent.data.posts.length > 0 && (
        <section aria-labelledby="teaser-title">
          <h2 id="teaser-title">From the blog</h2>
          <ul className="cards blog-grid">
            {recent.data.posts.slice(0, RECENT_POSTS).map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </ul>
          <Link to="/blog">All posts</Link>
        </section>
      )}
      <section className="closing" aria-labelledby="closing-title">
        <h2 id="closing-title">Ready to start?</h2>
        <Link className="button" to="/register">
          Create your account
        </Link>
      </section>
      <footer className="footer">
        <Link to="/terms">Terms of Service</Link> · <Link to="/privacy">Privacy Policy</Link> · <Link to="/newsletter-subscribe">Newsletter</Link>
      </footer>
    </main>
  );
}
