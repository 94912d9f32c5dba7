import { z } from 'zod';
import { ContentMessages, LIMITS, offsetOf, pageOf } from '@planner/contracts';
import { badRequest, conflict, idParams, notFound, requireAdmin, rowId, type App, type ServiceContext } from '@planner/service-kit';
import { requestSend, type NewsletterQueue } from '../commands/send-newsletter.js';
import type { ContentConfig } from '../config.js';
import { plainText, sanitizeContent } from '../domain/html.js';
import { toNewsletterView, toSubscriberView } from '../domain/views.js';
import { Newsletter } from '../entities/newsletter.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';
import { booleanFilter, pageQuery } from './common.js';

const required = ContentMessages.subjectAndContentRequired;
const { tooLong } = ContentMessages;
const newsletterBody = z.object(
  {
    subject: z.string({ error: required }).trim().min(1, required).max(300, tooLong('Subject', 300)),
    content: z.string({ error: required }).max(500_000, tooLong('Content', 500_000)),
  },
  { error: required },
);

/** The content sanitized; nothing left but markup counts as no content. */
function cleanContent(content: string): string {
  const clean = sanitizeContent(content);
  if (!plainText(clean)) throw badRequest(required, { field: 'content' });
  return clean;
}

/** Part 1 §2, §4, §7: newsletters (drafts and sent ones) and subscribers, admins only. */
export async function newsletterAdminRoutes(app: App, { ctx, queue }: { ctx: ServiceContext<ContentConfig>; queue: NewsletterQueue }): Promise<void> {
  const tags = ['newsletter admin'];
  const db = ctx.dataSource.manager;
  app.addHook('onRequest', async (request) => void requireAdmin(request));

  const newsletterById = async (id: string) => {
    const newsletter = await db.findOneBy(Newsletter, { id: rowId(id, ContentMessages.newsletterNotFound) });
    if (!newsletter) throw notFound(ContentMessages.newsletterNotFound);
    return newsletter;
  };

  app.get(
    '/newsletter/admin/newsletters',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.blogPageSize), sent: booleanFilter }) } },
    async (request) => {
      const { page, per_page, sent } = request.query;
      const query = db.getRepository(Newsletter).createQueryBuilder('n');
      if (sent !== undefined) query.where(sent ? 'n.sent_at IS NOT NULL' : 'n.sent_at IS NULL');
      const [newsletters, total] = await query.orderBy('n.created_at', 'DESC').skip(offsetOf(page, per_page)).take(per_page).getManyAndCount();
      return { newsletters: newsletters.map(toNewsletterView), pagination: pageOf(page, per_page, total) };
    },
  );

  app.get('/newsletter/admin/newsletters/:id', { schema: { tags, params: idParams } }, async (request) => ({
    newsletter: toNewsletterView(await newsletterById(request.params.id)),
  }));

  app.post('/newsletter/admin/newsletters', { schema: { tags, body: newsletterBody } }, async (request, reply) => {
    const { subject, content } = request.body;
    const newsletter = await db.save(db.create(Newsletter, { subject, content: cleanContent(content) }));
    return reply.status(201).send({ newsletter: toNewsletterView(newsletter) });
  });

  // Sent newsletters may be edited too (part 1 §4): the archive copy changes, mails already written do not.
  app.put('/newsletter/admin/newsletters/:id', { schema: { tags, params: idParams, body: newsletterBody.partial() } }, async (request) => {
    const newsletter = await newsletterById(request.params.id);
    const { subject, content } = request.body;
    // Every subscriber of one send gets the same mail.
    if (content !== undefined && newsletter.sentAt && !newsletter.finishedAt) throw conflict(ContentMessages.newsletterBeingSent);
    await db.update(
      Newsletter,
      { id: newsletter.id },
      { ...(subject !== undefined && { subject }), ...(content !== undefined && { content: cleanContent(content) }) },
    );
    return { newsletter: toNewsletterView(await newsletterById(newsletter.id)) };
  });

  app.delete('/newsletter/admin/newsletters/:id', { schema: { tags, params: idParams } }, async (request) => {
    await ctx.dataSource.transaction(async (manager) => {
      // Locked, so a send starting now cannot slip between the check and the delete.
      const id = rowId(request.params.id, ContentMessages.newsletterNotFound);
      const newsletter = await manager.findOne(Newsletter, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!newsletter) throw notFound(ContentMessages.newsletterNotFound);
      if (newsletter.sentAt) throw conflict(ContentMessages.sentNewsletterNotDeletable);
      await manager.delete(Newsletter, { id: newsletter.id });
    });
    return { success: true, message: ContentMessages.newsletterDeleted };
  });

  app.post('/newsletter/admin/newsletters/:id/send', { schema: { tags, params: idParams } }, async (request, reply) => {
    const newsletter = await requestSend(ctx, queue, rowId(request.params.id, ContentMessages.newsletterNotFound));
    return reply.status(202).send({ success: true, message: ContentMessages.newsletterSending, newsletter: toNewsletterView(newsletter) });
  });

  app.get(
    '/newsletter/admin/subscribers',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.newsletterSubscriberPageSize), active: booleanFilter }) } },
    async (request) => {
      const { page, per_page, active } = request.query;
      const [subscribers, total] = await db.findAndCount(Subscriber, {
        where: active === undefined ? {} : { isActive: active },
        order: { createdAt: 'DESC', id: 'ASC' },
        skip: offsetOf(page, per_page),
        take: per_page,
      });
      return { subscribers: subscribers.map(toSubscriberView), pagination: pageOf(page, per_page, total) };
    },
  );

  app.delete('/newsletter/admin/subscribers/:id', { schema: { tags, params: idParams } }, async (request) => {
    const { affected } = await db.delete(Subscriber, { id: rowId(request.params.id, ContentMessages.subscriberNotFound) });
    if (!affected) throw notFound(ContentMessages.subscriberNotFound);
    return { success: true, message: ContentMessages.subscriberDeleted };
  });
}
