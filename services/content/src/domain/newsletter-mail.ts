import sanitizeHtml from 'sanitize-html';
import { CONTENT_ALLOW_LIST, plainText } from './html.js';
import { openPixelUrl, trackedClickUrl, unsubscribeUrl, type LinkSettings } from './links.js';

export interface NewsletterMail {
  html: string;
  text: string;
  unsubscribeUrl: string;
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * One subscriber's copy of a newsletter: web links go through the click
 * tracker, a pixel reports the open, and the footer carries the signed
 * unsubscribe link (also given apart for the List-Unsubscribe header).
 */
export function renderNewsletterMail(content: string, delivery: { id: string; email: string }, links: LinkSettings): NewsletterMail {
  const unsubscribe = unsubscribeUrl(links, delivery.email);
  const body = sanitizeHtml(content, {
    ...CONTENT_ALLOW_LIST,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        return { tagName, attribs: /^https?:\/\//i.test(href) ? { ...attribs, href: trackedClickUrl(links, delivery.id, href) } : attribs };
      },
    },
  });
  const html =
    `${body}\n<hr>\n<p>You receive this newsletter because you subscribed. ` +
    `<a href="${attribute(unsubscribe)}">Unsubscribe</a></p>\n` +
    `<img src="${attribute(openPixelUrl(links, delivery.id))}" width="1" height="1" alt="">`;
  const text = `${plainText(content)}\n\n--\nUnsubscribe: ${unsubscribe}\n`;
  return { html, text, unsubscribeUrl: unsubscribe };
}
