import { z } from 'zod';
import { CONTENT_TYPES, LANGUAGES, LIMITS, MOODS, OrganizationMessages, PostMessages, TONES, templateLimit } from '@planner/contracts';
import { badRequest, conflict, forbidden, notFound, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import type { EntityManager } from 'typeorm';
import { memberOf, ownActiveOrganization, ownOrganization } from '../commands/access.js';
import { UUID } from '../domain/ids.js';
import { toTemplateView } from '../domain/templates.js';
import { Template } from '../entities/template.entity.js';
import { storedText } from '../domain/stored-text.js';

const text = storedText(z.string()).max(10_000).nullable().optional();
const option = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: OrganizationMessages.unknownOption(field) }).nullable().optional();
/** 1..5000 or empty; in templates an empty number is stored as null (part 2 §5). */
const characterCount = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: OrganizationMessages.characterRange(field) })
      .int(OrganizationMessages.characterRange(field))
      .min(LIMITS.minCharacters, OrganizationMessages.characterRange(field))
      .max(LIMITS.maxCharacters, OrganizationMessages.characterRange(field))
      .nullable()
      .optional(),
  );

const fields = {
  template_name: storedText(z.string({ error: OrganizationMessages.templateNameRequired })).trim().min(1, OrganizationMessages.templateNameRequired).max(200),
  is_default: z.boolean().optional(),
  data: storedText(z.string()).max(20_000).nullable().optional(),
  content_type: option(CONTENT_TYPES, 'content_type'),
  topic: text,
  context: text,
  time_of_year: text,
  event_details: text,
  tone: option(TONES, 'tone'),
  mood: option(MOODS, 'mood'),
  language: option(LANGUAGES, 'language'),
  character_limit: characterCount('Character limit'),
  target_character_count: characterCount('Target character count'),
};
const createSchema = z.object(fields);
const updateSchema = z.object({ ...fields, template_name: fields.template_name.optional() });
type TemplateInput = z.infer<typeof updateSchema>;

const orgParams = z.object({ id: z.string() });
const templateParams = z.object({ id: z.string(), tid: z.string() });

/** The entity's columns from a request body: only what was sent. */
function columnsOf(body: TemplateInput): Partial<Template> {
  const columns: Partial<Template> = {
    templateName: body.template_name,
    data: body.data === null ? '' : body.data,
    contentType: body.content_type === null ? 'general' : body.content_type,
    topic: body.topic,
    context: body.context,
    timeOfYear: body.time_of_year,
    eventDetails: body.event_details,
    tone: body.tone,
    mood: body.mood,
    language: body.language,
    characterLimit: body.character_limit,
    targetCharacterCount: body.target_character_count,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Part 2 §5: the target character count never exceeds the limit. */
function checkCounts(template: Pick<Template, 'characterLimit' | 'targetCharacterCount'>, changed: TemplateInput): void {
  const { characterLimit: limit, targetCharacterCount: target } = template;
  if (limit === null || target === null || target <= limit) return;
  throw badRequest(changed.target_character_count !== undefined ? PostMessages.targetExceedsLimit : PostMessages.limitBelowTarget);
}

async function findTemplate(manager: EntityManager, organizationId: string, templateId: string): Promise<Template> {
  const template = UUID.test(templateId) ? await manager.findOneBy(Template, { id: templateId, organizationId }) : null;
  if (!template) throw notFound();
  return template;
}

async function refuseTakenName(manager: EntityManager, organizationId: string, name: string, exceptId?: string): Promise<void> {
  const query = manager
    .getRepository(Template)
    .createQueryBuilder('t')
    .where('t.organization_id = :organizationId', { organizationId })
    .andWhere('lower(t.template_name) = lower(:name)', { name });
  if (exceptId) query.andWhere('t.id <> :exceptId', { exceptId });
  if (await query.getExists()) throw conflict(OrganizationMessages.templateExists(name));
}

/** One organization's template changes at a time, so the limit, the unique name and the single default hold. */
function lockTemplates(manager: EntityManager, organizationId: string): Promise<unknown> {
  return advisoryLock(manager, `templates:${organizationId}`);
}

async function makeDefault(manager: EntityManager, template: Template): Promise<void> {
  await manager.update(Template, { organizationId: template.organizationId, isDefault: true }, { isDefault: false });
  await manager.update(Template, { id: template.id }, { isDefault: true });
}

/** Part 2 §5, §6, §7: an organization's templates, owner-only; an inactive organization's are read-only. */
export async function templateRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['templates'];

  app.get('/organizations/:id/templates', { schema: { tags, params: orgParams } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.params.id);
    const templates = await ctx.dataSource.getRepository(Template).find({ where: { organizationId: organization.id }, order: { createdAt: 'ASC' } });
    return templates.map(toTemplateView);
  });

  app.get('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(await findTemplate(ctx.dataSource.manager, organization.id, request.params.tid));
  });

  app.post('/organizations/:id/templates', { schema: { tags, params: orgParams, body: createSchema } }, async (request, reply) => {
    const identity = requireUser(request);
    const organization = await ownActiveOrganization(ctx, identity, request.params.id);
    const max = templateLimit((await memberOf(ctx, identity)).role);
    const template = await ctx.dataSource.transaction(async (manager) => {
      await lockTemplates(manager, organization.id);
      const count = await manager.countBy(Template, { organizationId: organization.id });
      if (count >= max) throw forbidden(OrganizationMessages.templateLimit(max));
      await refuseTakenName(manager, organization.id, request.body.template_name);
      const created = manager.create(Template, { ...columnsOf(request.body), organizationId: organization.id, isDefault: false });
      checkCounts({ characterLimit: created.characterLimit ?? null, targetCharacterCount: created.targetCharacterCount ?? null }, request.body);
      const saved = await manager.save(created);
      // The first template is the default, so the generator always has one to prefill from.
      if (count === 0 || request.body.is_default) await makeDefault(manager, saved);
      return manager.findOneByOrFail(Template, { id: saved.id });
    });
    return reply.status(201).send(toTemplateView(template));
  });

  app.put('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams, body: updateSchema } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(
      await ctx.dataSource.transaction(async (manager) => {
        await lockTemplates(manager, organization.id);
        const template = await findTemplate(manager, organization.id, request.params.tid);
        if (request.body.template_name !== undefined) await refuseTakenName(manager, organization.id, request.body.template_name, template.id);
        const changes = columnsOf(request.body);
        checkCounts({ ...template, ...changes }, request.body);
        if (Object.keys(changes).length > 0) await manager.update(Template, { id: template.id }, changes);
        // Default moves only by choosing another one: unsetting it would leave none.
        if (request.body.is_default) await makeDefault(manager, template);
        return manager.findOneByOrFail(Template, { id: template.id });
      }),
    );
  });

  app.delete('/organizations/:id/templates/:tid', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    await ctx.dataSource.transaction(async (manager) => {
      await lockTemplates(manager, organization.id);
      const template = await findTemplate(manager, organization.id, request.params.tid);
      if (template.isDefault) throw badRequest(OrganizationMessages.cannotDeleteDefaultTemplate);
      await manager.delete(Template, { id: template.id });
    });
    return { success: true, message: OrganizationMessages.templateDeleted };
  });

  app.post('/organizations/:id/templates/:tid/set-default', { schema: { tags, params: templateParams } }, async (request) => {
    const organization = await ownActiveOrganization(ctx, requireUser(request), request.params.id);
    return toTemplateView(
      await ctx.dataSource.transaction(async (manager) => {
        await lockTemplates(manager, organization.id);
        const template = await findTemplate(manager, organization.id, request.params.tid);
        await makeDefault(manager, template);
        return manager.findOneByOrFail(Template, { id: template.id });
      }),
    );
  });
}
