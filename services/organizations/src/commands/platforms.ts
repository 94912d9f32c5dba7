import type { EntityManager } from 'typeorm';
import { OrganizationMessages, type ConnectionPlatform } from '@planner/contracts';
import { conflict, notFound, type ServiceContext } from '@planner/service-kit';
import { advisoryLock } from '@planner/service-kit/data';
import type { OrganizationsContext } from '../context.js';
import { UUID } from '../domain/ids.js';
import { connectionKey, sealCredentials, type PlatformInput } from '../domain/platforms.js';
import { Connection } from '../entities/connection.entity.js';
import { SupportedPlatform } from '../entities/supported-platform.entity.js';

/** The entity's columns from a request body: only what was sent, credentials sealed. */
function columnsOf(ctx: OrganizationsContext, input: PlatformInput): Partial<SupportedPlatform> {
  const columns: Partial<SupportedPlatform> = {
    name: input.name,
    mediaTypes: input.media_types,
    defaultDailyLimit: input.default_daily_limit,
    isActive: input.is_active,
    otherCredentials: input.other_credentials === undefined ? undefined : sealCredentials(ctx.adapters.keys.token, input.other_credentials),
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

/** Every platform, active or not, by name (the admin's list). */
export function listPlatforms(ctx: ServiceContext): Promise<SupportedPlatform[]> {
  return ctx.dataSource.getRepository(SupportedPlatform).find({ order: { name: 'ASC' } });
}

/** The active platforms, in a stable order. */
export function activePlatforms(ctx: ServiceContext): Promise<SupportedPlatform[]> {
  return ctx.dataSource.getRepository(SupportedPlatform).find({ where: { isActive: true }, order: { name: 'ASC' } });
}

/** The active platforms the organization has connected, each with its connection (the designer's activePlatforms). */
export async function connectedPlatforms(ctx: ServiceContext, organizationId: string): Promise<Array<{ platform: SupportedPlatform; connection: Connection }>> {
  const [platforms, connections] = await Promise.all([
    activePlatforms(ctx),
    ctx.dataSource.getRepository(Connection).findBy({ organizationId, status: 'connected' }),
  ]);
  const byKey = new Map(connections.map((connection) => [connection.platform, connection]));
  return platforms.flatMap((platform) => {
    const key = connectionKey(platform.name);
    const connection = key && byKey.get(key);
    return connection ? [{ platform, connection }] : [];
  });
}

/** One active platform, found by name whatever its case, with the organization's connection to it if any; else 404. */
export async function platformStatus(
  ctx: ServiceContext,
  organizationId: string,
  name: string,
): Promise<{ platform: SupportedPlatform; key: ConnectionPlatform | null; connection: Connection | null }> {
  const platform = (await activePlatforms(ctx)).find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (!platform) throw notFound(OrganizationMessages.platformNotSupported(name));
  const key = connectionKey(platform.name);
  const connection = key ? await ctx.dataSource.getRepository(Connection).findOneBy({ organizationId, platform: key }) : null;
  return { platform, key, connection };
}

/** A new platform under a name not taken in any case; media types text unless given. */
export function createPlatform(ctx: OrganizationsContext, input: PlatformInput & { name: string }): Promise<SupportedPlatform> {
  return ctx.dataSource.transaction(async (manager) => {
    await lockPlatforms(manager);
    await refuseTakenName(manager, input.name);
    return manager.save(manager.create(SupportedPlatform, { mediaTypes: 'text', ...columnsOf(ctx, input) }));
  });
}

export function updatePlatform(ctx: OrganizationsContext, id: string, input: PlatformInput): Promise<SupportedPlatform> {
  return ctx.dataSource.transaction(async (manager) => {
    await lockPlatforms(manager);
    const platform = await findPlatform(manager, id);
    if (input.name !== undefined) await refuseTakenName(manager, input.name, platform.id);
    return manager.save(Object.assign(platform, columnsOf(ctx, input)));
  });
}

export async function deletePlatform(ctx: ServiceContext, id: string): Promise<void> {
  const platform = await findPlatform(ctx.dataSource.manager, id);
  await ctx.dataSource.getRepository(SupportedPlatform).delete({ id: platform.id });
}
