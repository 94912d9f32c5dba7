import { z } from 'zod';
import { MEDIA_TYPES, OrganizationMessages } from '@planner/contracts';
import { conflict, notFound, requireAdmin, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import type { EntityManager } from 'typeorm';
import { ownOrganization } from '../commands/access.js';
import { connectionView } from '../domain/connections/view.js';
import { UUID } from '../domain/ids.js';
import { connectionConfigSchema } from '../adapters/config.js';
import { connectionTokenKey } from '../domain/connections/keys.js';
import { connectionKey, parseMediaTypes, sealCredentials, toPlatformView } from '../domain/platforms.js';
import { Connection } from '../entities/connection.entity.js';
import { SupportedPlatform } from '../entities/supported-platform.entity.js';
import { organizationIdSchema } from './schemas.js';

const nameSchema = z
  .string({ error: OrganizationMessages.platformNameRequired })
  .trim()
  .min(1, OrganizationMessages.platformNameRequired)
  .max(50)
  .regex(/^[A-Za-z0-9_]+$/, OrganizationMessages.platformNameCharacters);
const mediaTypesSchema = z
  .union([z.string(), z.array(z.string())], { error: OrganizationMessages.unknownMediaType })
  .transform((value, issue) => {
    const types = parseMediaTypes(value);
    if (types === null || types.length === 0) {
      issue.addIssue({ code: 'custom', message: OrganizationMessages.unknownMediaType });
      return z.NEVER;
    }
    return types.join(',');
  });
const fields = {
  name: nameSchema,
  media_types: mediaTypesSchema.optional(),
  default_daily_limit: z
    .number({ error: OrganizationMessages.dailyLimitInvalid })
    .int(OrganizationMessages.dailyLimitInvalid)
    .min(1, OrganizationMessages.dailyLimitInvalid)
    .max(100_000, OrganizationMessages.dailyLimitInvalid)
    .optional(),
  is_active: z.boolean().optional(),
  other_credentials: z.record(z.string(), z.unknown()).nullable().optional(),
};
const createSchema = z.object(fields);
const updateSchema = z.object({ ...fields, name: nameSchema.optional() });
type PlatformInput = z.infer<typeof updateSchema>;
const idParams = z.object({ id: z.string() });
const organizationQuery = z.object({ organization_id: organizationIdSchema });
const statusQuery = organizationQuery.extend({ platform: z.string({ error: OrganizationMessages.platformNameRequired }).trim().min(1, OrganizationMessages.platformNameRequired) });

const disconnected = { is_connected: false as const, url: null, specific_data: {} };

function columnsOf(body: PlatformInput, key: Buffer): Partial<SupportedPlatform> {
  const columns: Partial<SupportedPlatform> = {
    name: body.name,
    mediaTypes: body.media_types,
    defaultDailyLimit: body.default_daily_limit,
    isActive: body.is_active,
    otherCredentials: body.other_credentials === undefined ? undefined : sealCredentials(key, body.other_credentials),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function refuseTakenName(manager: EntityManager, name: string, exceptId?: string): Promise<void> {
  const query = manager.getRepository(SupportedPlatform).createQueryBuilder('p').where('lower(p.name) = lower(:name)', { name });
  if (exceptId) query.andWhere('p.id <> :exceptId', { exceptId });
  if (await query.getExists()) throw conflict(OrganizationMessages.platformExists(name));
}

async function findPlatform(manager: EntityManager, id: string): Promise<SupportedPlatform> {
  const platform = UUID.test(id) ? await manager.findOneBy(SupportedPlatform, { id }) : null;
  if (!platform) throw notFound();
  return platform;
}

/** Platform changes one at a time, so two admins cannot both take a name. */
const lockPlatforms = (manager: EntityManager) => advisoryLock(manager, 'supported_platforms');

/** The active platforms, in a stable order. */
export function activePlatforms(ctx: ServiceContext): Promise<SupportedPlatform[]> {
  return ctx.dataSource.getRepository(SupportedPlatform).find({ where: { isActive: true }, order: { name: 'ASC' } });
}

/** Part 2 §3, §6, §7: the platforms the product offers; admins manage them, users read the active ones. */
export async function platformRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['platforms'];
  const { key } = connectionTokenKey(connectionConfigSchema.parse(ctx.config));
  const view = (platform: SupportedPlatform) => toPlatformView(platform, key);

  app.get('/platforms', { schema: { tags } }, async (request) => {
    requireAdmin(request);
    const platforms = await ctx.dataSource.getRepository(SupportedPlatform).find({ order: { name: 'ASC' } });
    return platforms.map(view);
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
    const connections = new Map(
      (await ctx.dataSource.getRepository(Connection).findBy({ organizationId: organization.id, status: 'connected' })).map((c) => [c.platform, c]),
    );
    return (await activePlatforms(ctx)).flatMap((platform) => {
      const key = connectionKey(platform.name);
      const connection = key && connections.get(key);
      if (!connection) return [];
      return [{ id: platform.id, name: platform.name, media_types: platform.mediaTypes, default_daily_limit: platform.defaultDailyLimit, ...connectionView(connection) }];
    });
  });

  /** One platform's connection state for the organization. */
  app.get('/platforms/status', { schema: { tags, querystring: statusQuery } }, async (request) => {
    const organization = await ownOrganization(ctx, requireUser(request), request.query.organization_id);
    const platform = (await activePlatforms(ctx)).find((p) => p.name.toLowerCase() === request.query.platform.toLowerCase());
    if (!platform) throw notFound(OrganizationMessages.platformNotSupported(request.query.platform));
    const key = connectionKey(platform.name);
    const connection = key ? await ctx.dataSource.getRepository(Connection).findOneBy({ organizationId: organization.id, platform: key }) : null;
    return { name: platform.name, media_types: platform.mediaTypes, ...(connection ? connectionView(connection) : { platform: key, ...disconnected }) };
  });

  app.post('/platforms', { schema: { tags, body: createSchema } }, async (request, reply) => {
    requireAdmin(request);
    const platform = await ctx.dataSource.transaction(async (manager) => {
      await lockPlatforms(manager);
      await refuseTakenName(manager, request.body.name);
      return manager.save(manager.create(SupportedPlatform, { mediaTypes: 'text', ...columnsOf(request.body, key) }));
    });
    return reply.status(201).send(view(platform));
  });

  app.put('/platforms/:id', { schema: { tags, params: idParams, body: updateSchema } }, async (request) => {
    requireAdmin(request);
    return view(
      await ctx.dataSource.transaction(async (manager) => {
        await lockPlatforms(manager);
        const platform = await findPlatform(manager, request.params.id);
        if (request.body.name !== undefined) await refuseTakenName(manager, request.body.name, platform.id);
        return manager.save(Object.assign(platform, columnsOf(request.body, key)));
      }),
    );
  });

  app.delete('/platforms/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAdmin(request);
    const platform = await findPlatform(ctx.dataSource.manager, request.params.id);
    await ctx.dataSource.getRepository(SupportedPlatform).delete({ id: platform.id });
    return { success: true };
  });
}
