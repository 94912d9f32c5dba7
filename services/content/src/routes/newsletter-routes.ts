import { z } from 'zod';
import { AuthMessages, ContentMessages } from '@planner/contracts';
import { badRequest, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { subscribe, unsubscribe } from '../commands/subscriptions.js';
import type { ContentConfig } from '../config.js';
import { verifyLink } from '../domain/links.js';
import { rate } from '../domain/pagination.js';

const subscribeBody = z.object({
  email: z.string({ error: AuthMessages.enterValidEmail }).trim().toLowerCase().max(320, AuthMessages.enterValidEmail).email(AuthMessages.enterValidEmail),
});
const unsubscribeBody = z.object({
  email: z.string({ error: AuthMessages.enterEmail }).trim().toLowerCase().min(1, AuthMessages.enterEmail).max(320),
});
const oneClickQuery = z.object({ email: z.string().max(320).default(''), token: z.string().max(100).default('') });
const deliveryParams = z.object({ id: z.string().uuid() });
const clickQuery = z.object({ url: z.string().max(4000).default(''), sig: z.string().max(100).default('') });

/** A transparent 1×1 GIF: the open-tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Part 1 §2, §7: subscribe, unsubscribe (by address, or by the signed link of every mail), open and click tracking, stats. */
export async function newsletterRoutes(app: App, { ctx }: { ctx: ServiceContext<ContentConfig> }): Promise<void> {
  const tags = ['newsletter'];
  const db = ctx.dataSource.manager;
  const key = ctx.config.NEWSLETTER_SIGNING_KEY;
  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form; the link itself carries all we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post('/newsletter/subscribe', { schema: { tags, body: subscribeBody } }, async (request) => {
    await subscribe(db, request.body.email);
    return { success: true, message: ContentMessages.subscribed };
  });

  // The same answer whether or not the address was subscribed: the list is not revealed.
  app.post('/newsletter/unsubscribe', { schema: { tags, body: unsubscribeBody } }, async (request) => {
    await unsubscribe(db, request.body.email);
    return { success: true, message: ContentMessages.unsubscribed };
  });

  const oneClick = async (query: z.infer<typeof oneClickQuery>) => {
    const email = query.email.trim().toLowerCase();
    if (!email || !verifyLink(key, query.token, 'unsubscribe', email)) throw badRequest(ContentMessages.invalidUnsubscribeLink);
    await unsubscribe(db, email);
  };
  app.get('/newsletter/unsubscribe/one-click', { schema: { tags, querystring: oneClickQuery } }, async (request, reply) => {
    await oneClick(request.query);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>Unsubscribed</title><p>${ContentMessages.unsubscribed}</p>`);
  });
  app.post('/newsletter/unsubscribe/one-click', { schema: { tags, querystring: oneClickQuery } }, async (request) => {
    await oneClick(request.query);
    return { success: true, message: ContentMessages.unsubscribed };
  });

  app.get('/newsletter/track/open/:id', { schema: { tags, params: deliveryParams } }, async (request, reply) => {
    await db.query(`UPDATE newsletter_deliveries SET opened_at = COALESCE(opened_at, now()) WHERE id = $1`, [request.params.id]);
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });

  app.get('/newsletter/track/click/:id', { schema: { tags, params: deliveryParams, querystring: clickQuery } }, async (request, reply) => {
    const { id } = request.params;
    const { url, sig } = request.query;
    if (!verifyLink(key, sig, 'click', id, url)) throw badRequest(ContentMessages.invalidTrackedLink);
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
