import type { EntityManager } from 'typeorm';
import { OrganizationMessages, PostMessages, templateLimit, type Identity } from '@planner/contracts';
import { badRequest, conflict, forbidden, notFound, type ServiceContext } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import { UUID } from '../domain/ids.js';
import type { TemplateInput } from '../domain/templates.js';
import type { Organization } from '../entities/organization.entity.js';
import { Template } from '../entities/template.entity.js';
import { memberOf } from './access.js';

/** The entity's columns from a request body: only what was sent. */
function columnsOf(input: TemplateInput): Partial<Template> {
  const columns: Partial<Template> = {
    templateName: input.template_name,
    data: input.data === null ? '' : input.data,
    contentType: input.content_type === null ? 'general' : input.content_type,
    topic: input.topic,
    context: input.context,
    timeOfYear: input.time_of_year,
    eventDetails: input.event_details,
    tone: input.tone,
    mood: input.mood,
    language: input.language,
    characterLimit: input.character_limit,
    targetCharacterCount: input.target_character_count,
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

async function makeDefault(manager: EntityManager, template: Template): Promise<void> {
  await manager.update(Template, { organizationId: template.organizationId, isDefault: true }, { isDefault: false });
  await manager.update(Template, { id: template.id }, { isDefault: true });
}

/** One organization's template changes at a time, so the limit, the unique name and the single default hold. */
function lockTemplates(manager: EntityManager, organizationId: string): Promise<unknown> {
  return advisoryLock(manager, `templates:${organizationId}`);
}

/** One of the organization's templates, else 404, its changes locked until the transaction ends. */
async function lockedTemplate(manager: EntityManager, organizationId: string, templateId: string): Promise<Template> {
  await lockTemplates(manager, organizationId);
  return findTemplate(manager, organizationId, templateId);
}

/** Runs `change` on one of the organization's templates, locked, and answers the template as it is afterwards. */
function changeTemplate(
  ctx: ServiceContext,
  organizationId: string,
  templateId: string,
  change: (manager: EntityManager, template: Template) => Promise<void>,
): Promise<Template> {
  return ctx.dataSource.transaction(async (manager) => {
    const template = await lockedTemplate(manager, organizationId, templateId);
    await change(manager, template);
    return manager.findOneByOrFail(Template, { id: template.id });
  });
}

/** The organization's templates, oldest first. */
export function listTemplates(ctx: ServiceContext, organizationId: string): Promise<Template[]> {
  return ctx.dataSource.getRepository(Template).find({ where: { organizationId }, order: { createdAt: 'ASC' } });
}

/** One of the organization's templates, else 404. */
export function getTemplate(ctx: ServiceContext, organizationId: string, templateId: string): Promise<Template> {
  return findTemplate(ctx.dataSource.manager, organizationId, templateId);
}

/** A new template within the role's limit (part 2 §5); the organization's first becomes its default. */
export async function createTemplate(ctx: ServiceContext, identity: Identity, organization: Organization, input: TemplateInput & { template_name: string }): Promise<Template> {
  const max = templateLimit((await memberOf(ctx, identity)).role);
  return ctx.dataSource.transaction(async (manager) => {
    await lockTemplates(manager, organization.id);
    const count = await manager.countBy(Template, { organizationId: organization.id });
    if (count >= max) throw forbidden(OrganizationMessages.templateLimit(max));
    await refuseTakenName(manager, organization.id, input.template_name);
    const created = manager.create(Template, { ...columnsOf(input), organizationId: organization.id, isDefault: false });
    checkCounts({ characterLimit: created.characterLimit ?? null, targetCharacterCount: created.targetCharacterCount ?? null }, input);
    const saved = await manager.save(created);
    // The first template is the default, so the generator always has one to prefill from.
    if (count === 0 || input.is_default) await makeDefault(manager, saved);
    return manager.findOneByOrFail(Template, { id: saved.id });
  });
}

export function updateTemplate(ctx: ServiceContext, organizationId: string, templateId: string, input: TemplateInput): Promise<Template> {
  return changeTemplate(ctx, organizationId, templateId, async (manager, template) => {
    if (input.template_name !== undefined) await refuseTakenName(manager, organizationId, input.template_name, template.id);
    const changes = columnsOf(input);
    checkCounts({ ...template, ...changes }, input);
    if (Object.keys(changes).length > 0) await manager.update(Template, { id: template.id }, changes);
    // Default moves only by choosing another one: unsetting it would leave none.
    if (input.is_default) await makeDefault(manager, template);
  });
}

/** Makes the template the organization's default (the generator prefills from it). */
export function setDefaultTemplate(ctx: ServiceContext, organizationId: string, templateId: string): Promise<Template> {
  return changeTemplate(ctx, organizationId, templateId, (manager, template) => makeDefault(manager, template));
}

/** Deletes a template other than the default (there is always one to prefill from). */
export async function deleteTemplate(ctx: ServiceContext, organizationId: string, templateId: string): Promise<void> {
  await ctx.dataSource.transaction(async (manager) => {
    const template = await lockedTemplate(manager, organizationId, templateId);
    if (template.isDefault) throw badRequest(OrganizationMessages.cannotDeleteDefaultTemplate);
    await manager.delete(Template, { id: template.id });
  });
}
