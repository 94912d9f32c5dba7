import sanitizeHtml from 'sanitize-html';
import { LIMITS } from '@planner/contracts';

/**
 * What stored HTML (blog posts, newsletters) may hold: text formatting, links
 * and images. Scripts, event handlers, styles and javascript:/data: URLs are
 * dropped, so content is safe to render as it is served.
 */
export const CONTENT_ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_ALLOW_LIST);
}

/** Tags after which text reads as a new word, so stripping them must leave a space. */
const BREAKING_TAG = /(<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|figure|figcaption)\b[^>]*>)/gi;

/** The text of HTML: tags removed, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  const stripped = sanitizeHtml(html.replace(BREAKING_TAG, ' $1 '), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html decodes entities, then escapes only these four on output: undo that.
  return stripped
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Part 1 §9: a post without an excerpt shows the first 150 characters of its
 * content, HTML stripped; counted by code point, so no emoji is cut in half.
 */
export function excerptOf(excerpt: string | null, content: string): string {
  if (excerpt && excerpt.trim()) return excerpt;
  return Array.from(plainText(content)).slice(0, LIMITS.excerptFallbackLength).join('');
}
