import { describe, expect, it } from 'vitest';
import { CONTENT_ALLOW_LIST, sanitizeContent } from '../src/domain/html.js';
import { renderNewsletterMail } from '../src/domain/newsletter-mail.js';

/**
 * sanitize-html is pinned at 2.17.5, the last release that supports Node 20 (2.17.6 and later
 * declare node >= 22.12). The advisories fixed after it each need a setting this allow list does not
 * have: textarea or xmp allowed (GHSA-jxwj-j7wr-gfrw), noscript listed in nonTextTags
 * (GHSA-x3q4-9hxx-gx8m), meta allowed (GHSA-cv27-6wvh-8x7j), SVG animation elements allowed
 * (GHSA-374f-7chj-9948), and the iframe fallback re-sanitizing that only 2.18 has
 * (GHSA-c9rx-x947-fp3h). These tests keep it so: they fail if the allow list gains one of those
 * settings, or if any of the advisories' payloads gets executable markup through.
 */
const PAYLOADS = [
  '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
  '<math><textarea><img src=x onerror=alert(1)></textarea></math>',
  '<textarea></textarea/><img src=x onerror=alert(1)>',
  '<xmp></xmp/><img src=x onerror=alert(1)>',
  '<div><noscript></div><img src=x onerror=alert(1)></noscript>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<svg><animate attributeName="href" values="#a;javascript:alert(1)"/><a><text>x</text></a></svg>',
  '<svg><svg:set attributeName="xlink:href" to="javascript:alert(1)"/></svg>',
  '<iframe><iframe><iframe><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
  `${'<iframe>'.repeat(200)}<a href="https://example.com">x</a>`,
  '<a href="&#0000106avascript:alert(1)">x</a>',
  '<option>&lt;script&gt;alert(1)&lt;/script&gt;</option>',
];

const EXECUTABLE = [/<script/i, /\son\w+\s*=/i, /javascript:/i, /<(textarea|xmp|svg|math|meta|noscript|iframe|animate|set|option)\b/i];

describe('sanitize-html advisories fixed after the pinned 2.17.5', () => {
  it('the allow list has none of the settings those advisories need', () => {
    const tags = (CONTENT_ALLOW_LIST.allowedTags || []).map((tag) => tag.toLowerCase());
    for (const tag of ['textarea', 'xmp', 'svg', 'math', 'meta', 'noscript', 'iframe', 'animate', 'set', 'option']) expect(tags).not.toContain(tag);
    expect(CONTENT_ALLOW_LIST).not.toHaveProperty('nonTextTags');
    expect(CONTENT_ALLOW_LIST.disallowedTagsMode ?? 'discard').toBe('discard');
  });

  it.each(PAYLOADS)('leaves no executable markup in %s', (payload) => {
    const clean = sanitizeContent(payload);
    for (const pattern of EXECUTABLE) expect(clean).not.toMatch(pattern);
    const mail = renderNewsletterMail(payload, { id: 'd1', email: 'a@example.com' }, { appUrl: 'https://planner.example', key: 'a-test-key-of-some-length' });
    for (const pattern of EXECUTABLE) expect(mail.html).not.toMatch(pattern);
  });

  it('sanitizes deeply nested discarded iframes in linear time', () => {
    const started = performance.now();
    sanitizeContent(`${'<iframe>'.repeat(5000)}<p>x</p>`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
