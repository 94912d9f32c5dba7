import { offsetOf, type GenerationView, type Identity } from '@planner/contracts';
import { notFound, organizationAccess, rowId, type ServiceContext } from '@planner/service-kit';
import { GenerationDraft } from '../entities/generation-draft.entity.js';

function toGenerationView(draft: GenerationDraft): GenerationView {
  return { id: draft.id, created_at: draft.createdAt.toISOString(), created_by: draft.createdBy, sandbox: draft.sandbox, request: draft.request, posts: draft.posts };
}

/**
 * GET /posts/generations (/organization/results, issue 36): a page of the
 * organization's generations, newest first, for a caller who may see the
 * organization (404 otherwise, as the review list).
 */
export async function listGenerations(
  ctx: ServiceContext,
  caller: Identity,
  query: { organization_id: string; page: number; per_page: number },
): Promise<{ generations: GenerationView[]; total: number }> {
  await organizationAccess(ctx, caller, query.organization_id);
  const [drafts, total] = await ctx.dataSource.getRepository(GenerationDraft).findAndCount({
    where: { organizationId: query.organization_id },
    order: { createdAt: 'DESC', id: 'DESC' },
    skip: offsetOf(query.page, query.per_page),
    take: query.per_page,
  });
  return { generations: drafts.map(toGenerationView), total };
}

/**
 * DELETE /posts/generations/{id}: the generation is discarded, by a caller who
 * may change its organization (an active one); another tenant's id is a 404.
 * A post saved from it keeps its own copy of the original request.
 */
export async function discardGeneration(ctx: ServiceContext, caller: Identity, id: string): Promise<void> {
  const drafts = ctx.dataSource.getRepository(GenerationDraft);
  const draft = await drafts.findOneBy({ id: rowId(id) });
  if (!draft) throw notFound();
  await organizationAccess(ctx, caller, draft.organizationId, { requireActive: true });
  await drafts.delete({ id: draft.id });
}
