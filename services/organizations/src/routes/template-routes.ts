import { z } from 'zod';
import { OrganizationMessages } from '@planner/contracts';
import { requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { ownActiveOrganization, ownOrganization } from '../commands/access.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, setDefaultTemplate, updateTemplate } from '../commands/templates.js';
import { templateCreateSchema, templateUpdateSchema, toTemplateView } from '../domain/templates.js';

const orgParams = z.object({ id: z.string() });
const templateParams = z.object({ id: z.string(), tid: z.string() });

/** Part 2 §5, §6, §7: an organization's templates, owner-only; an inactive organization's are read-only. */
export async function templateRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['templates'];

  app.get('/organizations/:id/templates', { schema: { tags, params: orgParams } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.params.id);
    return (await listTemplates(ctx, organization.id)).map(toTemplateView);
  });

  app.get('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(await getTemplate(ctx, organization.id, request.params.tid));
  });

  app.post('/organizations/:id/templates', { schema: { tags, params: orgParams, body: templateCreateSchema } }, async (request, reply) => {
    const identity = requireUser(request);
    const organization = await ownActiveOrganization(ctx, identity, request.params.id);
    return reply.status(201).send(toTemplateView(await createTemplate(ctx, identity, organization, request.body)));
  });

  app.put('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams, body: templateUpdateSchema } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(await updateTemplate(ctx, organization.id, request.params.tid, request.body));
  });

  app.delete('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    await deleteTemplate(ctx, organization.id, request.params.tid);
    return { success: true, message: OrganizationMessages.templateDeleted };
  });

  app.post('/organizations/:id/templates/:tid/set-default', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(await setDefaultTemplate(ctx, organization.id, request.params.tid));
  });
}
