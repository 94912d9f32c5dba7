import { z } from 'zod';
import { LANGUAGES, LIMITS, OrganizationMessages, timezoneOptionSchema } from '@planner/contracts';
import { requireUser, type App } from '@planner/service-kit';
import { ownActiveOrganization, ownOrganization, requireVerified } from '../commands/access.js';
import { deleteOwnOrganization } from '../commands/delete.js';
import { organizationView } from '../commands/organization-views.js';
import { createOrganization, organizationLimitsOf, organizationsOfOwner, updateOrganization } from '../commands/organizations.js';
import { setActive } from '../commands/status.js';
import type { OrganizationsContext } from '../context.js';
import { canonicalTimezone, TIMEZONE_OPTIONS } from '../domain/timezones.js';

const createSchema = z.object({
  name: z.string({ error: OrganizationMessages.nameRequired }).trim().min(1, OrganizationMessages.nameRequired).max(200),
});

/** A malformed id names no organization: 404, as for any other organization the caller does not have. */
const idParams = z.object({ id: z.string() });

/** PUT /organizations/{id}: exactly one of the four settings (part 2 §2, §7; the time zone is issue 15's). */
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
    /** Any IANA name the runtime knows, stored as it spells it. */
    timezone: z
      .string({ error: OrganizationMessages.unknownTimezone })
      .transform((name, check) => {
        const zone = canonicalTimezone(name);
        if (zone === undefined) check.addIssue({ code: 'custom', message: OrganizationMessages.unknownTimezone });
        return zone ?? z.NEVER;
      })
      .optional(),
  })
  .refine((body) => Object.values(body).filter((v) => v !== undefined).length === 1, { message: OrganizationMessages.oneFieldAtATime });
const deactivateSchema = z.object({ reason: z.string().max(500).optional() }).optional();

/** The caller's organizations: list, create within the plan's limit, and the limit itself. */
export async function organizationRoutes(app: App, { ctx }: { ctx: OrganizationsContext }): Promise<void> {
  const tags = ['organizations'];

  app.get('/organizations/limits', { schema: { tags } }, async (request) => organizationLimitsOf(ctx, requireUser(request)));

  app.get(
    '/organizations/timezones',
    {
      schema: {
        tags,
        description: 'The time zones an organization can be set to (IANA names): the spec’s 9 common ones first (`common: true`), then every other zone the server knows.',
        response: { 200: z.array(timezoneOptionSchema) },
      },
    },
    async (request) => {
      requireUser(request);
      return TIMEZONE_OPTIONS;
    },
  );

  app.get('/organizations', { schema: { tags } }, async (request) => organizationsOfOwner(ctx, requireUser(request).userId));

  app.post('/organizations', { schema: { tags, body: createSchema } }, async (request, reply) => {
    const organization = await createOrganization(ctx, requireUser(request), request.body.name);
    return reply.status(201).send(await organizationView(ctx, organization));
  });

  app.get('/organizations/:id', { schema: { tags, params: idParams } }, async (request) =>
    organizationView(ctx, await ownOrganization(ctx, requireUser(request), request.params.id)),
  );

  app.put('/organizations/:id', { schema: { tags, params: idParams, body: updateSchema } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'updating an account.');
    const organization = await ownActiveOrganization(ctx, identity, request.params.id);
    const { name, language, default_before_post_review_time: reviewTime, timezone } = request.body;
    await updateOrganization(ctx, organization, {
      ...(name !== undefined && { name }),
      ...(language !== undefined && { language }),
      ...(reviewTime !== undefined && { defaultBeforePostReviewTime: reviewTime }),
      ...(timezone !== undefined && { timezone }),
    });
    return organizationView(ctx, await ownOrganization(ctx, identity, organization.id));
  });

  app.delete('/organizations/:id', { schema: { tags, params: idParams } }, async (request) => {
    const identity = requireUser(request);
    await requireVerified(ctx, identity, 'deleting an account.');
    const organization = await ownOrganization(ctx, identity, request.params.id);
    await deleteOwnOrganization(ctx, identity.userId, organization.id);
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
