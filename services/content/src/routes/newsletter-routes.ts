import { z } from 'zod';
import { AuthMessages, ContentMessages, SharedMessages } from '@planner/contracts';
import { badRequest, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { subscribe, unsubscribe } from '../commands/subscriptions.js';
import type { ContentConfig } from '../config.js';
import { verifyLink } from '../domain/links.js';
import { rate } from '../domain/pagination.js';
import { idParams, isUuid } from './common.js';

const subscribeBody = z.object(
  {
    email: z.string({ error: AuthMessages.enterValidEmail }).trim().toLowerCase().max(320, AuthMessages.enterValidEmail).email(AuthMessages.enterValidEmail),
  },
  { error: AuthMessages.enterValidEmail },
);
const unsubscribeBody = z.object(
  { email: z.string({ error: AuthMessages.enterEmail }).trim().toLowerCase().min(1, AuthMessages.enterEmail).max(320, AuthMessages.enterValidEmail) },
  { error: AuthMessages.enterEmail },
);
/** A link's query values as given: anything missing, repeated or odd makes the link invalid, not the request malformed. */
const linkValue = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : ''));
const oneClickQuery = z.object({ email: linkValue, token: linkValue });
const clickQuery = z.object({ url: linkValue, sig: linkValue });

const HTML = 'text/html; charset=utf-8';
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
/** A bare page for a reader who followed a mail's link (the gateway's CSP allows no styles or scripts on API answers). */
const page = (title: string, body: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title>${body}</html>`;

/** A transparent 1×1 GIF: the open-tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Part 1 §2, §7: subscribe, unsubscribe (by address, or by the signed link of every mail), open and click tracking, stats. */
export async function newsletterRoutes(app: App, { ctx }: { ctx: ServiceContext<ContentConfig> }): Promise<void> {
  const tags = ['newsletter'];
  const db = ctx.dataSource.manager;
  const key = ctx.config.NEWSLETTER_SIGNING_KEY;
  // Forms, as HTML forms and mail clients send them: RFC 8058's one-click POST carries `List-Unsubscribe=One-Click`
  // as multipart/form-data (SHOULD) or urlencoded (MAY); the link itself carries all that is needed.
  const formLimit = { bodyLimit: 64 * 1024 };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', ...formLimit }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', ...formLimit }, (request, body, done) => {
    new Response(body as Buffer, { headers: { 'content-type': request.headers['content-type'] ?? '' } })
      .formData()
      .then(
        (form) => done(null, Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))),
        () => done(badRequest(SharedMessages.badRequest), undefined),
      );
  });

  app.post('/newsletter/subscribe', { schema: { tags, body: subscribeBody } }, async (request) => {
    await subscribe(db, request.body.email);
    return { success: true, message: ContentMessages.subscribed };
  });

  // The same answer whether or not the address was subscribed: the list is not revealed.
  app.post('/newsletter/unsubscribe', { schema: { tags, body: unsubscribeBody } }, async (request) => {
    await unsubscribe(db, request.body.email);
    return { success: true, message: ContentMessages.unsubscribed };
  });

  /** The address a one-click link unsubscribes, or null when the link was not made by us for it. */
  const signedAddress = ({ email, token }: z.infer<typeof oneClickQuery>): string | null => {
    const address = email.trim().toLowerCase();
    return address && address.length <= 320 && token.length <= 100 && verifyLink(key, token, 'unsubscribe', address) ? address : null;
  };
  /**
   * Opened from the mail in a browser: a page asking to confirm, whose button
   * POSTs back to the same link. A GET never unsubscribes: mail scanners fetch
   * the links of a mail (the reason RFC 8058 exists), and would unsubscribe
   * every reader whose mailbox they guard.
   */
  app.get('/newsletter/unsubscribe/one-click', { schema: { tags, querystring: oneClickQuery } }, async (request, reply) => {
    const email = signedAddress(request.query);
    if (!email) return reply.status(400).type(HTML).send(page('Invalid link', `<p>${ContentMessages.invalidUnsubscribeLink}</p>`));
    return reply.type(HTML).send(
      page(
        'Unsubscribe',
        `<p>${escapeHtml(ContentMessages.confirmUnsubscribe(email))}</p>` +
          // No action: the form posts to this page's own address, the signed link.
          `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${ContentMessages.unsubscribeButton}</button></form>`,
      ),
    );
  });
  // The one-click POST of RFC 8058 (mail clients), and the confirmation page's button (browsers, answered with a page).
  app.post('/newsletter/unsubscribe/one-click', { schema: { tags, querystring: oneClickQuery } }, async (request, reply) => {
    const email = signedAddress(request.query);
    const browser = (request.headers.accept ?? '').includes('text/html');
    if (!email) {
      if (browser) return reply.status(400).type(HTML).send(page('Invalid link', `<p>${ContentMessages.invalidUnsubscribeLink}</p>`));
      throw badRequest(ContentMessages.invalidUnsubscribeLink);
    }
    await unsubscribe(db, email);
    if (browser) return reply.type(HTML).send(page('Unsubscribed', `<p>${ContentMessages.unsubscribed}</p>`));
    return { success: true, message: ContentMessages.unsubscribed };
  });

  // The pixel answers whatever the id: a mail never shows a broken image; only real deliveries are counted.
  app.get('/newsletter/track/open/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    if (isUuid(request.params.id)) await db.query(`UPDATE newsletter_deliveries SET opened_at = COALESCE(opened_at, now()) WHERE id = $1`, [request.params.id]);
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });

  app.get('/newsletter/track/click/:id', { schema: { tags, params: idParams, querystring: clickQuery } }, async (request, reply) => {
    const { id } = request.params;
    const { url, sig } = request.query;
    if (!isUuid(id) || !url || sig.length > 100 || !verifyLink(key, sig, 'click', id, url)) throw badRequest(ContentMessages.invalidTrackedLink);
    // A click shows the mail was opened even when its images were blocked.
    await db.query(`UPDATE newsletter_deliveries SET clicked_at = COALESCE(clicked_at, now()), opened_at = COALESCE(opened_at, now()) WHERE id = $1`, [id]);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  app.get('/newsletter/stats', { schema: { tags } }, async (request) => {
    requireAdmin(request);
    const [row] = await db.query(`
      SELECT
        (SELECT count(*) FROM newsletter_subscribers)::int AS total_subscribers,
        (SELECT count(*) FROM newsletter_subscribers WHERE is_active)::int AS active_subscribers,
        (SELECT count(*) FROM newsletters WHERE sent_at IS NOT NULL)::int AS newsletters_sent,
        (SELECT count(*) FROM newsletter_deliveries WHERE status <> 'failed')::int AS delivered,
        (SELECT count(*) FROM newsletter_deliveries WHERE opened_at IS NOT NULL)::int AS opened,
        (SELECT count(*) FROM newsletter_deliveries WHERE clicked_at IS NOT NULL)::int AS clicked`);
    return {
      total_subscribers: row.total_subscribers,
      active_subscribers: row.active_subscribers,
      newsletters_sent: row.newsletters_sent,
      open_rate: rate(row.opened, row.delivered),
      click_rate: rate(row.clicked, row.delivered),
    };
  });
}
