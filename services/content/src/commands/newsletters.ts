import { ContentMessages, offsetOf } from '@planner/contracts';
import { badRequest, conflict, notFound, type ServiceContext } from '@planner/service-kit';
import { plainText, sanitizeContent } from '../domain/html.js';
import { Newsletter } from '../entities/newsletter.entity.js';
import { Subscriber } from '../entities/subscriber.entity.js';

/** The content sanitized; nothing left but markup counts as no content. */
function cleanContent(content: string): string {
  const clean = sanitizeContent(content);
  if (!plainText(clean)) throw badRequest(ContentMessages.subjectAndContentRequired, { field: 'content' });
  return clean;
}

/** A page of newsletters, newest first, drafts or sent ones only with `sent`, and how many there are in all. */
export async function listNewsletters(ctx: ServiceContext, filter: { sent?: boolean }, page: number, perPage: number) {
  const query = ctx.dataSource.getRepository(Newsletter).createQueryBuilder('n');
  if (filter.sent !== undefined) query.where(filter.sent ? 'n.sent_at IS NOT NULL' : 'n.sent_at IS NULL');
  const [newsletters, total] = await query.orderBy('n.created_at', 'DESC').skip(offsetOf(page, perPage)).take(perPage).getManyAndCount();
  return { newsletters, total };
}

export async function getNewsletter(ctx: ServiceContext, id: string): Promise<Newsletter> {
  const newsletter = await ctx.dataSource.manager.findOneBy(Newsletter, { id });
  if (!newsletter) throw notFound(ContentMessages.newsletterNotFound);
  return newsletter;
}

export function createNewsletter(ctx: ServiceContext, { subject, content }: { subject: string; content: string }): Promise<Newsletter> {
  const manager = ctx.dataSource.manager;
  return manager.save(manager.create(Newsletter, { subject, content: cleanContent(content) }));
}

/** Sent newsletters may be edited too (part 1 §4): the archive copy changes, mails already written do not. */
export async function updateNewsletter(ctx: ServiceContext, id: string, { subject, content }: { subject?: string; content?: string }): Promise<Newsletter> {
  const newsletter = await getNewsletter(ctx, id);
  // Every subscriber of one send gets the same mail.
  if (content !== undefined && newsletter.sentAt && !newsletter.finishedAt) throw conflict(ContentMessages.newsletterBeingSent);
  await ctx.dataSource.manager.update(
    Newsletter,
    { id: newsletter.id },
    { ...(subject !== undefined && { subject }), ...(content !== undefined && { content: cleanContent(content) }) },
  );
  return getNewsletter(ctx, newsletter.id);
}

/** Deletes a draft; a sent newsletter stays. */
export async function deleteNewsletter(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    // Locked, so a send starting now cannot slip between the check and the delete.
    const newsletter = await manager.findOne(Newsletter, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!newsletter) throw notFound(ContentMessages.newsletterNotFound);
    if (newsletter.sentAt) throw conflict(ContentMessages.sentNewsletterNotDeletable);
    await manager.delete(Newsletter, { id: newsletter.id });
  });
}

/** A page of subscribers, newest first, active or not only with `active`, and how many there are in all. */
export async function listSubscribers(ctx: ServiceContext, filter: { active?: boolean }, page: number, perPage: number) {
  const [subscribers, total] = await ctx.dataSource.manager.findAndCount(Subscriber, {
    where: filter.active === undefined ? {} : { isActive: filter.active },
    order: { createdAt: 'DESC', id: 'ASC' },
    skip: offsetOf(page, perPage),
    take: perPage,
  });
  return { subscribers, total };
}

export async function deleteSubscriber(ctx: ServiceContext, id: string): Promise<void> {
  const { affected } = await ctx.dataSource.manager.delete(Subscriber, { id });
  if (!affected) throw notFound(ContentMessages.subscriberNotFound);
}
