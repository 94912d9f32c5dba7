import { z } from 'zod';
import { MEDIA_TYPES, OrganizationMessages } from '@planner/contracts';
import { requireAdmin, requireUser, type App } from '@planner/service-kit';
import { openingKeys } from '../adapters/index.js';
import { ownOrganization } from '../commands/access.js';
import { activePlatforms, connectedPlatforms, createPlatform, deletePlatform, listPlatforms, platformStatus, updatePlatform } from '../commands/platforms.js';
import type { OrganizationsContext } from '../context.js';
import { connectionView } from '../domain/connections/view.js';
import { platformCreateSchema, platformUpdateSchema, toPlatformView } from '../domain/platforms.js';
import { organizationIdSchema } from './schemas.js';

const idParams = z.object({ id: z.string() });
const organizationQuery = z.object({ organization_id: organizationIdSchema });
const statusQuery = organizationQuery.extend({ platform: z.string({ error: OrganizationMessages.platformNameRequired }).trim().min(1, OrganizationMessages.platformNameRequired) });

const disconnected = { is_connected: false as const, url: null, specific_data: {} };

/** Part 2 §3, §6, §7: the platforms the product offers; admins manage them, users read the active ones. */
export async function platformRoutes(app: App, { ctx }: { ctx: OrganizationsContext }): Promise<void> {
  const tags = ['platforms'];
  // Views show other_credentials' keys only, opened with the connection key (or one of a rotation's overlap).
  const key = openingKeys(ctx.adapters.keys);

  app.get('/platforms', { schema: { tags } }, async (request) => {
    requireAdmin(request);
    return (await listPlatforms(ctx)).map((platform) => toPlatformView(platform, key));
  });

  app.get('/platforms/supported', { schema: { tags } }, async (request) => {
    requireUser(request);
    return (await activePlatforms(ctx)).map(({ id, name, mediaTypes, defaultDailyLimit }) => ({
      id,
      name,
      media_types: mediaTypes,
      default_daily_limit: defaultDailyLimit,
    }));
  });

  /** Every media type, and those of each active platform keyed by its upper-cased name (as organizations key platforms). */
  app.get('/platforms/media_types', { schema: { tags } }, async (request) => {
    requireUser(request);
    const platforms = await activePlatforms(ctx);
    return {
      media_types: MEDIA_TYPES,
      platforms: Object.fromEntries(platforms.map((platform) => [platform.name.toUpperCase(), platform.mediaTypes.split(',').filter(Boolean)])),
    };
  });

  /** The organization's connected platforms among the active ones (the designer's activePlatforms). */
  app.get('/platforms/user', { schema: { tags, querystring: organizationQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    return (await connectedPlatforms(ctx, organization.id)).map(({ platform, connection }) => ({
      id: platform.id,
      name: platform.name,
      media_types: platform.mediaTypes,
      default_daily_limit: platform.defaultDailyLimit,
      ...connectionView(connection),
    }));
  });

  /** One platform's connection state for the organization. */
  app.get('/platforms/status', { schema: { tags, querystring: statusQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    const { platform, key, connection } = await platformStatus(ctx, organization.id, request.query.platform);
    return { name: platform.name, media_types: platform.mediaTypes, ...(connection ? connectionView(connection) : { platform: key, ...disconnected }) };
  });

  app.post('/platforms', { schema: { tags, body: platformCreateSchema } }, async (request, reply) => {
    requireAdmin(request);
    return reply.status(201).send(toPlatformView(await createPlatform(ctx, request.body), key));
  });

  app.put('/platforms/:id', { schema: { tags, params: idParams, body: platformUpdateSchema } }, async (request) => {
    requireAdmin(request);
    return toPlatformView(await updatePlatform(ctx, request.params.id, request.body), key);
  });

  app.delete('/platforms/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAdmin(request);
    await deletePlatform(ctx, request.params.id);
    return { success: true };
  });
}
