import { In } from 'typeorm';
import type { ServiceContext } from '@planner/service-kit';
import { toOrganizationView } from '../domain/organization-view.js';
import { Connection } from '../entities/connection.entity.js';
import type { Organization } from '../entities/organization.entity.js';

/** Organizations as the API shows them, their connections read in one query. */
export async function organizationViews(ctx: ServiceContext, organizations: readonly Organization[]) {
  const ids = organizations.map((organization) => organization.id);
  const connections = ids.length > 0 ? await ctx.dataSource.getRepository(Connection).findBy({ organizationId: In(ids) }) : [];
  const byOrganization = new Map<string, Connection[]>();
  for (const connection of connections) byOrganization.set(connection.organizationId, [...(byOrganization.get(connection.organizationId) ?? []), connection]);
  return organizations.map((organization) => toOrganizationView(organization, byOrganization.get(organization.id) ?? []));
}

export async function organizationView(ctx: ServiceContext, organization: Organization) {
  return (await organizationViews(ctx, [organization]))[0]!;
}
