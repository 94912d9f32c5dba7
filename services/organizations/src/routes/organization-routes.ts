import { z } from 'zod';
import { LANGUAGES, LIMITS, OrganizationMessages, type Identity } from '@planner/contracts';
import { forbidden, HttpError, notFound, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { setActive } from '../commands/status.js';
import { organizationLimits } from '../domain/limits.js';
import { toOrganizationView } from '../domain/organization-view.js';
import { Member } from '../entities/member.entity.js';
import { Organization } from '../entities/organization.entity.js';

const createSchema = z.object({
  name: z.string({ error: OrganizationMessages.nameRequired }).trim().min(1, OrganizationMessages.nameRequired).max(200),
});

/** The caller as the read model knows them; the token's claims until auth's events have arrived. */
async function memberOf(ctx: ServiceContext, identity: Identity): Promise<Pick<Member, 'role' | 'emailVerified'>> {
  return (await ctx.dataSource.getRepository(Member).findOneBy({ userId: identity.userId })) ?? identity;
}

async function countsOf(ctx: ServiceContext, ownerId: string): Promise<{ active: number; inactive: number }> {
  const repo = ctx.dataSource.getRepository(Organization);
  const [active, inactive] = await Promise.all([repo.countBy({ ownerId, isActive: true }), repo.countBy({ ownerId, isActive: false })]);
  return { active, inactive };
}

const idParams = z.object({ id: z.string().uuid() });

/** PUT /organizations/{id}: exactly one of the three settings (part 2 §2, §7). */
const updateSchema = z
  .object({
    name: createSchema.shape.name.optional(),
    language: z.enum(LANGUAGES, { error: OrganizationMessages.unknownLanguage }).optional(),
    default_before_post_review_time: z
      .number({ error: OrganizationMessages.reviewTimePositive })
      .int(OrganizationMessages.reviewTimePositive)
      .min(LIMITS.minReviewTimeMinutes, OrganizationMessages.reviewTimePositive)
      .max(LIMITS.maxReviewTimeMinutes, OrganizationMessages.reviewTimeTooLong)
      .optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, { message: OrganizationMessages.oneFieldAtATime });
const deactivateSchema = z.object({ reason: z.string().max(500).optional() }).optional();

/** 404 unless the organization exists and belongs to the caller: others' organizations are not revealed. */
async function ownOrganization(ctx: ServiceContext, identity: Identity, id: string): Promise<Organization> {
  const organization = await ctx.dataSource.getRepository(Organization).findOneBy({ id, ownerId: identity.userId });
  if (!organization) throw notFound();
  return organization;
}

async function requireVerified(ctx: ServiceContext, identity: Identity, action: string): Promise<void> {
  if (!(await memberOf(ctx, identity)).emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore(action));
}

/** The caller's organizations: list, create within the plan's limit, and the limit itself. */
export async function organizationRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['organizations'];

  app.get('/organizations/limits', { schema: { tags } }, async (request) => {
    const identity = requireUser(request);
    const { active, inactive } = await countsOf(ctx, identity.userId);
    return organizationLimits((await memberOf(ctx, identity)).role, active, inactive);
  });

  app.get('/organizations', { schema: { tags } }, async (request) => {
    const identity = requireUser(request);
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { ownerId: identity.userId }, order: { createdAt: 'ASC' } });
    return organizations.map(toOrganizationView);
  });

  app.post('/organizations', { schema: { tags, body: createSchema } }, async (request, reply) => {
    const identity = requireUser(request);
    const member = await memberOf(ctx, identity);
    if (!member.emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore('creating an account.'));
    const organization = await ctx.dataSource.transaction(async (manager) => {
      // One owner's creations are serialised, so two at once cannot both take the last slot.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`organizations:${identity.userId}`]);
      const active = await manager.countBy(Organization, { ownerId: identity.userId, isActive: true });
      const limits = organizationLimits(member.role, active, 0);
      if (!limits.can_create_more) throw new HttpError(403, OrganizationMessages.planLimitReached(limits.limit ?? 0));
      return manager.save(manager.create(Organization, { ownerId: identity.userId, name: request.body.name }));
    });
    return reply.status(201).send(toOrganizationView(organization));
  });

  app.get('/organizations/:id', { schema: { tags, params: idParams } }, async (request) =>
    toOrganizationView(await ownOrganization(ctx, requireUser(request), request.params.id)),
  );

  app.put('/organizations/:id', { schema: { tags, params: idParams, body: updateSchema } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'updating an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    if (!organization.isActive) throw forbidden(OrganizationMessages.inactive);
    const { name, language, default_before_post_review_time: reviewTime } = request.body;
    await ctx.dataSource.getRepository(Organization).update(
      { id: organization.id },
      { ...(name !== undefined && { name }), ...(language !== undefined && { language }), ...(reviewTime !== undefined && { defaultBeforePostReviewTime: reviewTime }) },
    );
    return toOrganizationView(await ownOrganization(ctx, identity, organization.id));
  });

  app.delete('/organizations/:id', { schema: { tags, params: idParams } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'deleting an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    await ctx.dataSource.getRepository(Organization).delete({ id: organization.id });
    return { success: true };
  });

  app.put('/organizations/:id/activate', { schema: { tags, params: idParams } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'activating an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    return toOrganizationView(await setActive(ctx, organization.id, true));
  });

  app.put('/organizations/:id/deactivate', { schema: { tags, params: idParams, body: deactivateSchema } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'deactivating an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    return toOrganizationView(await setActive(ctx, organization.id, false, request.body?.reason));
  });
}

/** Answers auth's admin pages over NATS: a user's organizations, status changes, the inactive ones. */
export function organizationResponders(ctx: ServiceContext): void {
  ctx.bus.reply<{ organization_id: string; activate: boolean; reason?: string }, unknown>(
    'organizations.organization.set_status',
    'organizations',
    async ({ organization_id, activate, reason }) => toOrganizationView(await setActive(ctx, organization_id, activate, reason)),
  );
  ctx.bus.reply<unknown, unknown[]>('organizations.organization.list_inactive', 'organizations', async () => {
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { isActive: false }, order: { deactivatedAt: 'DESC' } });
    return organizations.map((organization) => ({ ...toOrganizationView(organization), owner_id: organization.ownerId }));
  });
  ctx.bus.reply<{ userId: string }, unknown[]>('organizations.organization.list_by_owner', 'organizations', async ({ userId }) => {
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { ownerId: userId }, order: { createdAt: 'ASC' } });
    return organizations.map(toOrganizationView);
  });
}
