import { In } from 'typeorm';
import { PublishingMessages, type Identity, type PublicationView } from '@planner/contracts';
import { conflict, notFound, organizationAccess, type ServiceContext } from '@planner/service-kit';
import { toPublicationView } from '../domain/publication-view.js';
import { PublicationAttempt } from '../entities/publication-attempt.entity.js';
import { Publication } from '../entities/publication.entity.js';

/** A post's publications, every version, with their attempts: newest version first. */
export async function listPublications(ctx: ServiceContext, caller: Identity, postId: string): Promise<PublicationView[]> {
  const publications = await ctx.dataSource.getRepository(Publication).find({ where: { postId }, order: { version: 'DESC', platform: 'ASC' } });
  if (publications.length === 0) return [];
  // Its owner or an admin; another's is a 404, as organizations answers.
  await organizationAccess(ctx, caller, publications[0]!.organizationId);
  const attempts = await ctx.dataSource.getRepository(PublicationAttempt).find({ where: { publicationId: In(publications.map((p) => p.id)) } });
  return publications.map((publication) => toPublicationView(publication, attempts.filter((attempt) => attempt.publicationId === publication.id)));
}

/**
 * The user checked the account and found the post in doubt there: it is
 * recorded as published (with the link they give), and the posts service told.
 */
export async function confirmPublished(ctx: ServiceContext, caller: Identity, publicationId: string, link: string | null): Promise<PublicationView> {
  const found = await ctx.dataSource.getRepository(Publication).findOneBy({ id: publicationId });
  if (!found) throw notFound(PublishingMessages.publicationNotFound);
  await organizationAccess(ctx, caller, found.organizationId);
  const publication = await ctx.dataSource.transaction(async (manager) => {
    const current = await manager.getRepository(Publication).findOneOrFail({ where: { id: publicationId }, lock: { mode: 'pessimistic_write' } });
    if (current.state !== 'in_doubt') throw conflict(PublishingMessages.onlyInDoubtConfirmed);
    const at = new Date();
    Object.assign(current, { state: 'published', link, publishedAt: at, reason: null });
    await manager.save(current);
    await ctx.outbox.add(manager, 'scheduler.post.published', {
      postId: current.postId,
      organizationId: current.organizationId,
      version: current.version,
      platform: current.platform,
      link,
      platformPostId: null,
      publishedAt: at.toISOString(),
    });
    return current;
  });
  const attempts = await ctx.dataSource.getRepository(PublicationAttempt).findBy({ publicationId });
  return toPublicationView(publication, attempts);
}
