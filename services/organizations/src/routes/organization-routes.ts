import { z } from 'zod';
import {
  AuthMessages,
  LANGUAGES,
  LIMITS,
  OrganizationMessages,
  OrganizationRequests,
  organizationAccessRequestSchema,
  organizationFactsRequestSchema,
  organizationLimits,
  SharedMessages,
  type Identity,
  type OrganizationFacts,
} from '@planner/contracts';
import { badRequest, forbidden, notFound, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { lockOwnerOrganizations, requireFreeSlot } from '../commands/active-slots.js';
import { checkAccess, memberOf, organizationFacts, ownActiveOrganization, ownOrganization } from '../commands/access.js';
import { deleteOrganizations } from '../commands/delete.js';
import { setActive } from '../commands/status.js';
import { UUID } from '../domain/ids.js';
import { organizationView, organizationViews } from '../commands/organization-views.js';
import { Organization } from '../entities/organization.entity.js';
import { Connections } from './connection-service.js';
import { storedText } from './schemas.js';

const createSchema = z.object({
  name: storedText(z.string({ error: OrganizationMessages.nameRequired })).trim().min(1, OrganizationMessages.nameRequired).max(200),
});

async function countsOf(ctx: ServiceContext, ownerId: string): Promise<{ active: number; inactive: number }> {
  const repo = ctx.dataSource.getRepository(Organization);
  const [active, inactive] = await Promise.all([repo.countBy({ ownerId, isActive: true }), repo.countBy({ ownerId, isActive: false })]);
  return { active, inactive };
}

/** A malformed id names no organization: 404, as for any other organization the caller does not have. */
const idParams = z.object({ id: z.string() });

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
const reasonSchema = storedText(z.string()).max(500);
const deactivateSchema = z.object({ reason: reasonSchema.optional() }).optional();
/** auth's admin status change (part 1 §4, §7 POST /auth/admin/organization-status), as it arrives over NATS. */
const setStatusSchema = z.object({ organization_id: z.string(), activate: z.boolean(), reason: reasonSchema.optional() });

async function requireVerified(ctx: ServiceContext, identity: Identity, action: string): Promise<void> {
  if (!(await memberOf(ctx, identity)).emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore(action));
}

/** The caller's organizations: list, create within the plan's limit, and the limit itself. */
export async function organizationRoutes(
  app: App,
  { ctx, connections = new Connections(ctx) }: { ctx: ServiceContext; connections?: Connections },
): Promise<void> {
  const tags = ['organizations'];

  app.get('/organizations/limits', { schema: { tags } }, async (request) => {
    const identity = requireUser(request);
    const { active, inactive } = await countsOf(ctx, identity.userId);
    return organizationLimits((await memberOf(ctx, identity)).role, active, inactive);
  });

  app.get('/organizations', { schema: { tags } }, async (request) => {
    const identity = requireUser(request);
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { ownerId: identity.userId }, order: { createdAt: 'ASC' } });
    return organizationViews(ctx, organizations);
  });

  app.post('/organizations', { schema: { tags, body: createSchema } }, async (request, reply) => {
    const identity = requireUser(request);
    const member = await memberOf(ctx, identity);
    if (!member.emailVerified) throw forbidden(OrganizationMessages.verifyEmailBefore('creating an account.'));
    const organization = await ctx.dataSource.transaction(async (manager) => {
      await lockOwnerOrganizations(manager, identity.userId);
      await requireFreeSlot(manager, identity.userId, member.role);
      const created = await manager.save(manager.create(Organization, { ownerId: identity.userId, name: request.body.name }));
      await ctx.outbox.add(manager, 'organizations.organization.created', {
        organizationId: created.id,
        ownerId: created.ownerId,
        name: created.name,
        language: created.language,
        defaultBeforePostReviewTime: created.defaultBeforePostReviewTime,
        isActive: created.isActive,
      });
      return created;
    });
    return reply.status(201).send(await organizationView(ctx, organization));
  });

  app.get('/organizations/:id', { schema: { tags, params: idParams } }, async (request) =>
    await organizationView(ctx, await ownOrganization(ctx, requireUser(request), request.params.id)),
  );

  app.put('/organizations/:id', { schema: { tags, params: idParams, body: updateSchema } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'updating an account.');
    const organization = await ownActiveOrganization(ctx, identity, request.params.id);
    const { name, language, default_before_post_review_time: reviewTime } = request.body;
    const changes = {
      ...(name !== undefined && { name }),
      ...(language !== undefined && { language }),
      ...(reviewTime !== undefined && { defaultBeforePostReviewTime: reviewTime }),
    };
    await ctx.dataSource.transaction(async (manager) => {
      await manager.update(Organization, { id: organization.id }, changes);
      await ctx.outbox.add(manager, 'organizations.organization.updated', { organizationId: organization.id, ownerId: organization.ownerId, changes });
    });
    return organizationView(ctx, await ownOrganization(ctx, identity, organization.id));
  });

  app.delete('/organizations/:id', { schema: { tags, params: idParams } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'deleting an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    const deleted = await ctx.dataSource.transaction((manager) =>
      deleteOrganizations(ctx, connections, manager, { id: organization.id, ownerId: identity.userId }, 'owner_request'),
    );
    if (deleted.length === 0) throw notFound();
    return { success: true };
  });

  app.put('/organizations/:id/activate', { schema: { tags, params: idParams } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'activating an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    return organizationView(ctx, await setActive(ctx, organization.id, { activate: true, by: 'owner' }));
  });

  app.put('/organizations/:id/deactivate', { schema: { tags, params: idParams, body: deactivateSchema } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'deactivating an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    return organizationView(ctx, await setActive(ctx, organization.id, { activate: false, reason: request.body?.reason, by: 'owner' }));
  });
}

/**
 * Answers other services over NATS: auth's admin pages (a user's organizations,
 * status changes, the inactive ones) and everyone's access check and facts.
 */
export function organizationResponders(ctx: ServiceContext): void {
  ctx.bus.reply<unknown, unknown>(OrganizationRequests.setStatus, 'organizations', async (payload) => {
    const parsed = setStatusSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SharedMessages.badRequest);
    const { organization_id, activate, reason } = parsed.data;
    // An admin must say why (part 1 §5); auth checks it too, this side does not rely on that.
    if (!activate && !reason?.trim()) throw badRequest(AuthMessages.deactivateReasonRequired);
    return organizationView(ctx, await setActive(ctx, organization_id, { activate, reason, by: 'admin' }));
  });
  ctx.bus.reply<unknown, unknown>(OrganizationRequests.access, 'organizations', async (payload) => {
    const parsed = organizationAccessRequestSchema.safeParse(payload);
    if (!parsed.success) throw badRequest(SharedMessages.badRequest);
    return checkAccess(ctx, parsed.data);
  });
  ctx.bus.reply<unknown, OrganizationFacts>(OrganizationRequests.facts, 'organizations', async (payload) => {
    const parsed = organizationFactsRequestSchema.safeParse(payload);
    return organizationFacts(ctx, parsed.success ? parsed.data.organization_id : '');
  });
  ctx.bus.reply<unknown, unknown[]>(OrganizationRequests.listInactive, 'organizations', async () => {
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { isActive: false }, order: { deactivatedAt: 'DESC' } });
    return (await organizationViews(ctx, organizations)).map((view, i) => ({ ...view, owner_id: organizations[i]!.ownerId }));
  });
  ctx.bus.reply<{ userId?: unknown }, unknown[]>(OrganizationRequests.listByOwner, 'organizations', async ({ userId }) => {
    // Not a user id: a user that has no organizations.
    if (typeof userId !== 'string' || !UUID.test(userId)) return [];
    const organizations = await ctx.dataSource.getRepository(Organization).find({ where: { ownerId: userId }, order: { createdAt: 'ASC' } });
    return organizationViews(ctx, organizations);
  });
}
