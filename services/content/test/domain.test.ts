import { describe, expect, it } from 'vitest';
import { excerptOf, plainText, sanitizeContent } from '../src/domain/html.js';
import { confirmSubscriptionUrl, signLink, trackedClickUrl, unsubscribeUrl, verifyLink } from '../src/domain/links.js';
import { renderNewsletterMail } from '../src/domain/newsletter-mail.js';
import { pageOf } from '@planner/contracts';
import { rate } from '../src/domain/rates.js';

const links = { appUrl: 'https://planner.example', key: 'a-test-key-of-some-length' };

describe('sanitizing and excerpts', () => {
  it('keeps formatting, links and images; drops scripts, handlers and javascript: URLs', () => {
    const dirty =
      '<h2>Title</h2><p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(2)">bad</a><a href="https://ok.example/x">good</a>' +
      '<img src="x" onerror="alert(3)"><img src="https://img.example/a.png" alt="a"><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeContent(dirty);
    expect(clean).toBe(
      '<h2>Title</h2><p>Hi <strong>there</strong></p><a>bad</a><a href="https://ok.example/x">good</a><img src="x" /><img src="https://img.example/a.png" alt="a" />',
    );
  });

  it('takes the first 150 characters of the text when a post has no excerpt', () => {
    const content = `<p>${'word '.repeat(40)}</p><p>A &amp; B</p>`;
    const excerpt = excerptOf(null, content);
    expect(excerpt).toHaveLength(150);
    expect(excerpt.startsWith('word word')).toBe(true);
    expect(excerptOf('  ', '<p>Tom &amp; Jerry</p><p>next</p>')).toBe('Tom & Jerry next');
    expect(excerptOf('Given', '<p>ignored</p>')).toBe('Given');
    expect(plainText('<p>1 &lt; 2</p>')).toBe('1 < 2');
  });

  it('counts the 150 characters by code point, never cutting an emoji in half', () => {
    const excerpt = excerptOf(null, `<p>${'🙂'.repeat(200)}</p>`);
    expect(Array.from(excerpt)).toHaveLength(150);
    expect(excerpt).toBe('🙂'.repeat(150));
    expect(excerptOf(null, `<p>${'a'.repeat(149)}🙂tail</p>`)).toBe(`${'a'.repeat(149)}🙂`);
  });
});

describe('signed links', () => {
  it('verifies only the values and purpose it was made for', () => {
    const sig = signLink(links.key, 'unsubscribe', 'a@example.com');
    expect(verifyLink(links.key, sig, 'unsubscribe', 'a@example.com')).toBe(true);
    expect(verifyLink(links.key, sig, 'unsubscribe', 'b@example.com')).toBe(false);
    expect(verifyLink(links.key, sig, 'click', 'a@example.com')).toBe(false);
    expect(verifyLink('another-key-of-some-length', sig, 'unsubscribe', 'a@example.com')).toBe(false);
    expect(verifyLink(links.key, 'short', 'unsubscribe', 'a@example.com')).toBe(false);
  });

  it('verifies the links of mails sent before a key rotation with the keys the new one replaced', () => {
    const old = signLink('old-key-of-some-length', 'unsubscribe', 'a@example.com');
    expect(verifyLink(['new-key-of-some-length', 'old-key-of-some-length'], old, 'unsubscribe', 'a@example.com')).toBe(true);
    expect(verifyLink(['new-key-of-some-length'], old, 'unsubscribe', 'a@example.com')).toBe(false);
    expect(verifyLink(['new-key-of-some-length', 'old-key-of-some-length'], old, 'unsubscribe', 'b@example.com')).toBe(false);
  });

  it('builds unsubscribe links on the lowercased address', () => {
    const url = new URL(unsubscribeUrl(links, 'Ann@Example.com'));
    expect(url.pathname).toBe('/api/newsletter/unsubscribe/one-click');
    expect(url.searchParams.get('email')).toBe('ann@example.com');
    expect(verifyLink(links.key, url.searchParams.get('token')!, 'unsubscribe', 'ann@example.com')).toBe(true);
  });

  it('builds confirmation links whose token confirms and nothing else', () => {
    const url = new URL(confirmSubscriptionUrl(links, 'Ann@Example.com'));
    expect(`${url.origin}${url.pathname}`).toBe('https://planner.example/api/newsletter/confirm');
    expect(url.searchParams.get('email')).toBe('ann@example.com');
    const token = url.searchParams.get('token')!;
    expect(verifyLink(links.key, token, 'confirm', 'ann@example.com')).toBe(true);
    expect(verifyLink(links.key, token, 'unsubscribe', 'ann@example.com')).toBe(false);
    expect(token).not.toBe(new URL(unsubscribeUrl(links, 'ann@example.com')).searchParams.get('token'));
  });
});

describe('newsletter mails', () => {
  it('tracks web links and opens and carries the unsubscribe link in both parts', () => {
    const delivery = { id: '0b6f7c1e-1d1a-4c55-9a57-8b0c2b1f9a10', email: 'reader@example.com' };
    const mail = renderNewsletterMail('<p>Read <a href="https://blog.example/post?a=1&b=2">this</a> or <a href="mailto:x@example.com">write</a></p>', delivery, links);
    expect(mail.html).toContain(`href="${trackedClickUrl(links, delivery.id, 'https://blog.example/post?a=1&b=2').replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain('href="mailto:x@example.com"');
    expect(mail.html).toContain(`src="https://planner.example/api/newsletter/track/open/${delivery.id}"`);
    expect(mail.unsubscribeUrl).toBe(unsubscribeUrl(links, delivery.email));
    expect(mail.html).toContain(mail.unsubscribeUrl.replaceAll('&', '&amp;'));
    expect(mail.text).toBe(`Read this or write\n\n--\nUnsubscribe: ${mail.unsubscribeUrl}\n`);
  });
});

describe('paging and rates', () => {
  it('counts pages and rounds rates to four decimals', () => {
    expect(pageOf(2, 10, 21)).toEqual({ page: 2, per_page: 10, total: 21, total_pages: 3 });
    // Issue 14: one rule everywhere, an empty list is one empty page (auth already answered 1).
    expect(pageOf(1, 10, 0).total_pages).toBe(1);
    expect(rate(1, 3)).toBe(0.3333);
    expect(rate(5, 0)).toBe(0);
  });
});
