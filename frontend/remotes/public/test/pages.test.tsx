import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages, ContentMessages } from '@planner/contracts';
import { BlogPage } from '../src/BlogPage.js';
import { BlogPostPage } from '../src/BlogPostPage.js';
import { BLOG_LOAD_FAILED, type BlogPost } from '../src/blog.js';
import { PRIVACY_SECTIONS, PrivacyPage, SagentPrivacyPage, TermsPage } from '../src/LegalPages.js';
import { NewsletterPage } from '../src/NewsletterPage.js';
import { OAuthErrorPage, OAuthSuccessPage, OAUTH_CODE_TEXT } from '../src/OAuthResultPage.js';
import pages from '../src/pages.js';
import { UNSUBSCRIBE_FAILED, UnsubscribePage } from '../src/UnsubscribePage.js';
import { apiError, renderPage, testHost } from './support.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the pages exposed to the shell', () => {
  it('load every page as a component, the lazily loaded ones too', async () => {
    expect(await pages.TermsPage!()).toBe(TermsPage);
    for (const [name, load] of Object.entries(pages)) expect(typeof (await load()), name).toBe('function');
  });
});

const post = (n: number, categories = ['News', 'Tips', 'AI', 'Extra']): BlogPost => ({
  id: `p${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  content: `<p>Body of post ${n}</p>`,
  excerpt: `Excerpt ${n}`,
  featured_image: null,
  categories: categories.map((name) => ({ id: name, name, slug: name.toLowerCase() })),
  created_at: '2026-01-01T00:00:00.000Z',
  published_at: '2026-01-02T00:00:00.000Z',
  author: { username: 'admin' },
});

describe('legal pages', () => {
  it('the privacy policy has 11 sections, the effective date, 30-day deletion, under-13 rule and Back to Home', () => {
    renderPage(PrivacyPage, testHost(() => ({})).host, '/privacy');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(11);
    expect(PRIVACY_SECTIONS).toHaveLength(11);
    expect(screen.getByText('Effective March 15, 2025')).toBeTruthy();
    expect(screen.getByText(/deleted within 30 days/)).toBeTruthy();
    expect(screen.getByText(/not for children under 13/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('terms and the sagent privacy page link back home too', () => {
    for (const Page of [TermsPage, SagentPrivacyPage]) {
      renderPage(Page, testHost(() => ({})).host, '/x');
      expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      cleanup();
    }
  });
});

describe('blog', () => {
  it('filters by category, shows 3 categories per card, and pages with Previous/Next', async () => {
    const { host, calls } = testHost((call) => {
      if (call.path === '/blog/categories') return { categories: [{ id: 'c1', name: 'News', slug: 'news' }] };
      return { posts: [post(1)], pagination: { total_pages: 2 } };
    });
    renderPage(BlogPage, host, '/blog');
    expect(await screen.findByRole('link', { name: 'Post 1' })).toBeTruthy();
    const card = screen.getByRole('link', { name: 'Post 1' }).closest('li')!;
    expect(card.querySelectorAll('ul li')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/blog/posts?page=2&per_page=10'));
    await userEvent.click(await screen.findByRole('button', { name: 'News' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/blog/posts?page=1&per_page=10&category=news'));
    expect(screen.getByRole('button', { name: 'News' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says the blog is unavailable when the service is down, and that loading failed otherwise', async () => {
    renderPage(BlogPage, testHost(() => Promise.reject(apiError(503))).host, '/blog');
    expect(await screen.findByText(ContentMessages.blogUnavailable)).toBeTruthy();
    cleanup();
    renderPage(BlogPage, testHost(() => Promise.reject(apiError(400))).host, '/blog');
    expect(await screen.findByText(BLOG_LOAD_FAILED)).toBeTruthy();
  });

  it('shows a post, and returns to /blog with a toast for an unknown one', async () => {
    renderPage(BlogPostPage, testHost(() => ({ post: post(7) })).host, '/blog/post-7', '/blog/:slug');
    expect(await screen.findByRole('heading', { name: 'Post 7' })).toBeTruthy();
    expect(screen.getByText('Body of post 7')).toBeTruthy();
    cleanup();
    const missing = testHost(() => Promise.reject(apiError(404)));
    renderPage(BlogPostPage, missing.host, '/blog/nope', '/blog/:slug');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/blog'));
    expect(missing.toasts).toEqual([{ kind: 'error', message: ContentMessages.blogPostNotFound }]);
  });
});

describe('newsletter', () => {
  it('needs a non-empty e-mail, then shows the server confirmation', async () => {
    const { host, calls } = testHost((call) => (call.method === 'POST' ? { success: true, message: ContentMessages.confirmSubscription } : { posts: [], pagination: { total_pages: 1 } }));
    renderPage(NewsletterPage, host, '/newsletter-subscribe');
    expect(screen.getByText('We send the newsletter roughly once a month.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText(AuthMessages.enterValidEmail)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(ContentMessages.confirmSubscription)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/newsletter/subscribe', body: { email: 'reader@example.com' } });
  });

  it('unsubscribe: the address from the link, a blank one refused, success and failure states', async () => {
    let fail = false;
    const { host, calls } = testHost(() => (fail ? Promise.reject(apiError(500)) : { success: true, message: ContentMessages.unsubscribed }));
    renderPage(UnsubscribePage, host, '/unsubscribe?email=reader%40example.com');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('reader@example.com');
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(screen.getByText(AuthMessages.enterEmail)).toBeTruthy();
    expect(calls).toEqual([]);
    fail = true;
    await userEvent.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBE_FAILED)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(ContentMessages.unsubscribed)).toBeTruthy();
  });
});

describe('OAuth result pages (part 2 §2)', () => {
  it('success posts oauth-success to the opener and closes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const messages: unknown[] = [];
    vi.spyOn(window, 'opener', 'get').mockReturnValue({ postMessage: (data: unknown) => messages.push(data) } as unknown as Window);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPage(OAuthSuccessPage, testHost(() => ({})).host, '/oauth/success?platform=linkedin');
    expect(screen.getByText('Successfully connected to LinkedIn')).toBeTruthy();
    expect(messages).toEqual([{ type: 'oauth-success', platform: 'linkedin', error: null }]);
    await act(async () => vi.advanceTimersByTime(2900));
    expect(close).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(close).toHaveBeenCalledOnce();
  });

  it('error maps the known codes, passes others through, and closes after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const messages: unknown[] = [];
    vi.spyOn(window, 'opener', 'get').mockReturnValue({ postMessage: (data: unknown) => messages.push(data) } as unknown as Window);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPage(OAuthErrorPage, testHost(() => ({})).host, '/oauth/error?platform=x&error=invalid_state');
    expect(screen.getByText(`Failed to connect to X: ${OAUTH_CODE_TEXT.invalid_state}`)).toBeTruthy();
    expect(messages).toEqual([{ type: 'oauth-error', platform: 'x', error: OAUTH_CODE_TEXT.invalid_state }]);
    await act(async () => vi.advanceTimersByTime(4900));
    expect(close).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(close).toHaveBeenCalledOnce();
    cleanup();
    renderPage(OAuthErrorPage, testHost(() => ({})).host, '/oauth/error?platform=x&error=access_denied');
    expect(screen.getByText('Failed to connect to X: access_denied')).toBeTruthy();
    cleanup();
    renderPage(OAuthErrorPage, testHost(() => ({})).host, '/oauth/error?platform=x');
    expect(screen.getByText('Failed to connect to X: Unknown error')).toBeTruthy();
  });
});

describe('demo pages', () => {
  it('the toast and system status demos raise their toasts', async () => {
    const { SystemStatusDemoPage, ToastDemoPage, STATUS_DEMOS, TOAST_DEMOS } = await import('../src/DemoPages.js');
    const toastDemo = testHost(() => ({}));
    renderPage(ToastDemoPage, toastDemo.host, '/8888');
    for (const demo of TOAST_DEMOS) await userEvent.click(screen.getByRole('button', { name: demo.label }));
    expect(toastDemo.toasts.map((t) => t.durationMs)).toEqual([4000, 3000, 5000, 5000, 0]);
    cleanup();
    const statusDemo = testHost(() => ({}));
    renderPage(SystemStatusDemoPage, statusDemo.host, '/system-status-example');
    await userEvent.click(screen.getByRole('button', { name: 'Maintenance' }));
    await userEvent.click(screen.getByRole('button', { name: 'API down' }));
    expect(statusDemo.toasts).toEqual([
      { kind: 'warning', message: STATUS_DEMOS[0]!.message, durationMs: 0 },
      { kind: 'error', message: STATUS_DEMOS[1]!.message, durationMs: 0 },
    ]);
  });
});
