import { z } from 'zod';
import { ContentMessages, LIMITS, pageOf } from '@planner/contracts';
import { idParams, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import {
  createNewsletter,
  deleteNewsletter,
  deleteSubscriber,
  getNewsletter,
  listNewsletters,
  listSubscribers,
  updateNewsletter,
} from '../commands/newsletters.js';
import { newsletterQueue, requestSend } from '../commands/send-newsletter.js';
import type { ContentConfig } from '../config.js';
import { toNewsletterView, toSubscriberView } from '../domain/views.js';
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

const newsletterIdParams = idParams(ContentMessages.newsletterNotFound);

/** Part 1 §2, §4, §7: newsletters (drafts and sent ones) and subscribers, admins only. */
export async function newsletterAdminRoutes(app: App, { ctx }: { ctx: ServiceContext<ContentConfig> }): Promise<void> {
  const tags = ['newsletter admin'];
  const sends = newsletterQueue(ctx);
  app.addHook('onRequest', async (request) => void requireAdmin(request));

  app.get(
    '/newsletter/admin/newsletters',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.blogPageSize), sent: booleanFilter }) } },
    async (request) => {
      const { page, per_page, sent } = request.query;
      const { newsletters, total } = await listNewsletters(ctx, { sent }, page, per_page);
      return { newsletters: newsletters.map(toNewsletterView), pagination: pageOf(page, per_page, total) };
    },
  );

  app.get('/newsletter/admin/newsletters/:id', { schema: { tags, params: newsletterIdParams } }, async (request) => ({
    newsletter: toNewsletterView(await getNewsletter(ctx, request.params.id)),
  }));

  app.post('/newsletter/admin/newsletters', { schema: { tags, body: newsletterBody } }, async (request, reply) =>
    reply.status(201).send({ newsletter: toNewsletterView(await createNewsletter(ctx, request.body)) }),
  );

  app.put('/newsletter/admin/newsletters/:id', { schema: { tags, params: newsletterIdParams, body: newsletterBody.partial() } }, async (request) => ({
    newsletter: toNewsletterView(await updateNewsletter(ctx, request.params.id, request.body)),
  }));

  app.delete('/newsletter/admin/newsletters/:id', { schema: { tags, params: newsletterIdParams } }, async (request) => {
    await deleteNewsletter(ctx, request.params.id);
    return { success: true, message: ContentMessages.newsletterDeleted };
  });

  app.post('/newsletter/admin/newsletters/:id/send', { schema: { tags, params: newsletterIdParams } }, async (request, reply) => {
    const newsletter = await requestSend(ctx, sends, request.params.id);
    return reply.status(202).send({ success: true, message: ContentMessages.newsletterSending, newsletter: toNewsletterView(newsletter) });
  });

  app.get(
    '/newsletter/admin/subscribers',
    { schema: { tags, querystring: z.object({ ...pageQuery(LIMITS.newsletterSubscriberPageSize), active: booleanFilter }) } },
    async (request) => {
      const { page, per_page, active } = request.query;
      const { subscribers, total } = await listSubscribers(ctx, { active }, page, per_page);
      return { subscribers: subscribers.map(toSubscriberView), pagination: pageOf(page, per_page, total) };
    },
  );

  app.delete('/newsletter/admin/subscribers/:id', { schema: { tags, params: idParams(ContentMessages.subscriberNotFound) } }, async (request) => {
    await deleteSubscriber(ctx, request.params.id);
    return { success: true, message: ContentMessages.subscriberDeleted };
  });
}
