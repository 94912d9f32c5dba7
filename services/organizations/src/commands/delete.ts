import { In, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { notFound } from '@planner/service-kit';
import type { OrganizationsContext } from '../context.js';
import { Organization } from '../entities/organization.entity.js';
import { withdrawConnections } from './connections.js';

/**
 * Deletes organizations with everything of theirs (templates and connections go by ON DELETE CASCADE) in the
 * caller's transaction, with a disconnected event for each connection and a deleted event for each organization.
 * Their tokens are revoked at the providers once this commits. Answers the organizations deleted.
 */
export async function deleteOrganizations(
  ctx: OrganizationsContext,
  manager: EntityManager,
  where: FindOptionsWhere<Organization>,
  reason: 'owner_request' | 'user_deleted',
): Promise<Organization[]> {
  // Locked first: a connection being saved meanwhile waits on its foreign key, then finds the organization gone,
  // so none goes without its event.
  const organizations = await manager.find(Organization, { where, lock: { mode: 'pessimistic_write' } });
  if (organizations.length === 0) return [];
  await withdrawConnections(ctx, manager, organizations);
  for (const { id, ownerId } of organizations) await ctx.outbox.add(manager, 'organizations.organization.deleted', { organizationId: id, ownerId, reason });
  await manager.delete(Organization, { id: In(organizations.map((organization) => organization.id)) });
  return organizations;
}

/** The owner deletes one of their organizations; 404 when it is gone meanwhile. */
export async function deleteOwnOrganization(ctx: OrganizationsContext, ownerId: string, organizationId: string): Promise<void> {
  const deleted = await ctx.dataSource.transaction((manager) => deleteOrganizations(ctx, manager, { id: organizationId, ownerId }, 'owner_request'));
  if (deleted.length === 0) throw notFound();
}
