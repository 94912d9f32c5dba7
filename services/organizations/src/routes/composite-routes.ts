import { z } from 'zod';
import { requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { ownOrganization } from '../commands/access.js';
import { organizationView } from '../commands/organization-views.js';
import { activePlatforms, connectedPlatforms } from '../commands/platforms.js';
import { askRemoteParts, AUTO_SCHEDULES, POST_STATISTICS, POSTS, SCHEDULE_COUNT } from '../commands/remote-parts.js';
import { listTemplates } from '../commands/templates.js';
import { toTemplateView } from '../domain/templates.js';

const params = z.object({ id: z.string() });

/**
 * The composite reads of one organization's pages (part 2 §7): its own data
 * from this service, the rest asked of the posts and scheduler services
 * (commands/remote-parts.ts: a part that does not come fails the page with 503
 * naming what is missing).
 */
export async function compositeRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['organizations'];

  const owned = (request: Parameters<typeof requireUser>[0], id: string) => ownOrganization(ctx, requireUser(request), id);
  const templatesOf = async (organizationId: string) => (await listTemplates(ctx, organizationId)).map(toTemplateView);
  /** The supported platforms this organization has connected: id and name (part 2 §7). */
  const activePlatformsOf = async (organizationId: string) =>
    (await connectedPlatforms(ctx, organizationId)).map(({ platform }) => ({ id: platform.id, name: platform.name }));

  app.get('/organizations/:id/config', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    const [view, templates, platforms] = await Promise.all([organizationView(ctx, organization), templatesOf(organization.id), activePlatforms(ctx)]);
    return { organization: view, templates, supportedPlatforms: platforms.map((platform) => platform.name.toUpperCase()) };
  });

  app.get('/organizations/:id/designer-data', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    const [view, activePlatforms, templates] = await Promise.all([organizationView(ctx, organization), activePlatformsOf(organization.id), templatesOf(organization.id)]);
    return { organization: view, activePlatforms, templates };
  });

  // The organization's time zone comes too: the calendar's days and hours are the organization's (docs/decisions/calendar.md).
  app.get('/organizations/:id/calendar-data', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    return { timezone: organization.timezone, ...(await askRemoteParts(ctx, organization.id, [AUTO_SCHEDULES, POSTS])) };
  });

  app.get('/organizations/:id/autopost-data', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    const [activePlatforms, templates, parts] = await Promise.all([
      activePlatformsOf(organization.id),
      templatesOf(organization.id),
      askRemoteParts(ctx, organization.id, [AUTO_SCHEDULES]),
    ]);
    return { activePlatforms, ...parts, templates };
  });

  // The organization's statistics page (part 2 §7): statistics-data, and GET or POST .../statistics and .../statistics/refresh,
  // each answering { statistics }. Refreshing is the admin's on global statistics only (part 2 §6); here it reloads.
  const statistics = async (request: Parameters<typeof requireUser>[0] & { params: { id: string } }) => {
    const parts = await askRemoteParts(ctx, (await owned(request, request.params.id)).id, [POST_STATISTICS, SCHEDULE_COUNT]);
    // Part 2 §3: the posts service's figures with the organization's auto-schedules counted.
    return { statistics: { ...parts.statistics, ...parts.autoSchedules } };
  };
  app.get('/organizations/:id/statistics-data', { schema: { tags, params } }, statistics);
  app.get('/organizations/:id/statistics', { schema: { tags, params } }, statistics);
  app.post('/organizations/:id/statistics', { schema: { tags, params } }, statistics);
  app.post('/organizations/:id/statistics/refresh', { schema: { tags, params } }, statistics);
}
