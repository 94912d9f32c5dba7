import { z } from 'zod';
import { AuthMessages, ContentMessages, SharedMessages } from '@planner/contracts';
import { badRequest, escapeHtml, htmlPage as page, isUuid, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { countNewsletterFigures, recordClick, recordOpen } from '../commands/deliveries.js';
import { confirmSubscription, requestSubscription, unsubscribe } from '../commands/subscriptions.js';
import type { ContentConfig } from '../config.js';
import { verifyLink } from '../domain/links.js';
import { rate } from '../domain/rates.js';

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
const addressQuery = z.object({ email: linkValue, token: linkValue });
const clickQuery = z.object({ url: linkValue, sig: linkValue });
/** A tracked mail's id as given: the pixel answers whatever it is, and a click's link is invalid without a real one. */
const trackParams = z.object({ id: z.string() });
/** A mailed link answers odd query values with its own page (the link is invalid), not a 400 in JSON. */
const linkRoute = { anyQueryText: true };

const HTML = 'text/html; charset=utf-8';

/** A transparent 1×1 GIF: the open-tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Part 1 §2, §7: subscribe (confirmed by a mailed link), unsubscribe (by address, or by the signed link of every mail), open and click tracking, stats. */
export async function newsletterRoutes(app: App, { ctx }: { ctx: ServiceContext<ContentConfig> }): Promise<void> {
  const tags = ['newsletter'];
  // Links are signed with the current key only; they verify with it, with the next one (a pod of a rotation's second
  // phase signed them) and with those it replaced (older mails).
  const key = [ctx.config.NEWSLETTER_SIGNING_KEY, ...ctx.config.NEWSLETTER_NEXT_SIGNING_KEYS, ...ctx.config.NEWSLETTER_PREVIOUS_SIGNING_KEYS];
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
        () => done(badRequest(SharedMessages.formUnreadable), undefined),
      );
  });

  // The same answer whether or not a mail went out (already subscribed, asked a moment ago): the list is not revealed.
  app.post('/newsletter/subscribe', { schema: { tags, body: subscribeBody } }, async (request) => {
    await requestSubscription(ctx, request.body.email);
    return { success: true, message: ContentMessages.confirmSubscription };
  });

  // The same answer whether or not the address was subscribed: the list is not revealed.
  app.post('/newsletter/unsubscribe', { schema: { tags, body: unsubscribeBody } }, async (request) => {
    await unsubscribe(ctx, request.body.email);
    return { success: true, message: ContentMessages.unsubscribed };
  });

  /**
   * A signed link for one address, as mailed: opened in a browser it shows a
   * page asking to confirm, whose button POSTs back to the same link. A GET
   * never acts: mail scanners fetch the links of a mail (the reason RFC 8058
   * exists) and would act for every reader whose mailbox they guard. The POST
   * acts, answering browsers with a page and mail clients (RFC 8058's
   * one-click) or scripts with JSON.
   */
  const addressLink = (action: {
    path: string;
    purpose: 'unsubscribe' | 'confirm';
    title: string;
    question: (email: string) => string;
    /** Hidden form fields: RFC 8058's `List-Unsubscribe=One-Click` for unsubscribing. */
    fields: Record<string, string>;
    button: string;
    invalid: string;
    /** Does it; false when there is nothing left to do it to (the address was deleted since). */
    act: (email: string) => Promise<boolean>;
    done: string;
  }) => {
    const signedAddress = ({ email, token }: z.infer<typeof addressQuery>): string | null => {
      const address = email.trim().toLowerCase();
      return address && address.length <= 320 && token.length <= 100 && verifyLink(key, token, action.purpose, address) ? address : null;
    };
    const invalidPage = page('Invalid link', `<p>${action.invalid}</p>`);
    app.get(action.path, { schema: { tags, querystring: addressQuery }, config: linkRoute }, async (request, reply) => {
      const email = signedAddress(request.query);
      if (!email) return reply.status(400).type(HTML).send(invalidPage);
      const hidden = Object.entries(action.fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`);
      return reply.type(HTML).send(
        page(
          action.title,
          `<p>${escapeHtml(action.question(email))}</p>` +
            // No action attribute: the form posts to this page's own address, the signed link.
            `<form method="post">${hidden.join('')}<button type="submit">${action.button}</button></form>`,
        ),
      );
    });
    app.post(action.path, { schema: { tags, querystring: addressQuery }, config: linkRoute }, async (request, reply) => {
      const email = signedAddress(request.query);
      const browser = (request.headers.accept ?? '').includes('text/html');
      if (!email || !(await action.act(email))) {
        if (browser) return reply.status(400).type(HTML).send(invalidPage);
        throw badRequest(action.invalid);
      }
      if (browser) return reply.type(HTML).send(page(action.title, `<p>${action.done}</p>`));
      return { success: true, message: action.done };
    });
  };

  addressLink({
    path: '/newsletter/unsubscribe/one-click',
    purpose: 'unsubscribe',
    title: 'Unsubscribe',
    question: ContentMessages.confirmUnsubscribe,
    fields: { 'List-Unsubscribe': 'One-Click' },
    button: ContentMessages.unsubscribeButton,
    invalid: ContentMessages.invalidUnsubscribeLink,
    act: async (email) => {
      await unsubscribe(ctx, email);
      return true; // an address gone from the list is unsubscribed all the same
    },
    done: ContentMessages.unsubscribed,
  });
  addressLink({
    path: '/newsletter/confirm',
    purpose: 'confirm',
    title: 'Confirm subscription',
    question: ContentMessages.confirmSubscriptionQuestion,
    fields: {},
    button: ContentMessages.confirmSubscriptionButton,
    invalid: ContentMessages.invalidConfirmationLink,
    act: (email) => confirmSubscription(ctx, email),
    done: ContentMessages.subscribed,
  });

  // The pixel answers whatever the id: a mail never shows a broken image; only real deliveries are counted.
  app.get('/newsletter/track/open/:id', { schema: { tags, params: trackParams } }, async (request, reply) => {
    if (isUuid(request.params.id)) await recordOpen(ctx, request.params.id);
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });

  app.get('/newsletter/track/click/:id', { schema: { tags, params: trackParams, querystring: clickQuery }, config: linkRoute }, async (request, reply) => {
    const { id } = request.params;
    const { url, sig } = request.query;
    if (!isUuid(id) || !url || sig.length > 100 || !verifyLink(key, sig, 'click', id, url)) throw badRequest(ContentMessages.invalidTrackedLink);
    await recordClick(ctx, id);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  app.get('/newsletter/stats', { schema: { tags } }, async (request) => {
    requireAdmin(request);
    const figures = await countNewsletterFigures(ctx);
    return {
      total_subscribers: figures.total_subscribers,
      active_subscribers: figures.active_subscribers,
      pending_subscribers: figures.pending_subscribers,
      newsletters_sent: figures.newsletters_sent,
      open_rate: rate(figures.opened, figures.delivered),
      click_rate: rate(figures.clicked, figures.delivered),
    };
  });
}
