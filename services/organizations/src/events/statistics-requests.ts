import { OrganizationRequests, type OrganizationCount } from '@planner/contracts';
import type { ServiceContext } from '@planner/service-kit';
import { Organization } from '../entities/organization.entity.js';

/** Answers the posts service's global statistics (part 2 §3 total_organizations): every organization, active or not. */
export function statisticsResponders(ctx: ServiceContext): void {
  ctx.bus.reply<unknown, OrganizationCount>(OrganizationRequests.count, 'organizations', async () => ({
    total_organizations: await ctx.dataSource.getRepository(Organization).count(),
  }));
}
