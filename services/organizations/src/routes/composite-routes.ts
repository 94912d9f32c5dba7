import { z } from 'zod';
import {
  autoScheduleListSchema,
  OrganizationMessages,
  postListSchema,
  PostRequests,
  postStatisticsSchema,
  scheduleCountSchema,
  SchedulerRequests,
} from '@planner/contracts';
import { HttpError, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { ownOrganization } from '../commands/access.js';
import { organizationView } from '../commands/organization-views.js';
import { activePlatforms, connectedPlatforms } from '../commands/platforms.js';
import { listTemplates } from '../commands/templates.js';
import { toTemplateView } from '../domain/templates.js';

/** How long a page waits for the posts or scheduler service before saying what is missing. */
export const COMPOSITE_TIMEOUT_MS = 3000;

const params = z.object({ id: z.string() });

/** One part of a page that another service supplies. */
interface RemotePart {
  /** The key in the answer, e.g. `autoSchedules`. */
  key: string;
  subject: string;
  schema: z.ZodType;
  /** The request's payload for an organization; `{ organization_id }` unless set. */
  payload?: (organizationId: string) => object;
}

/** The parts' answers, each under its key, as its schema has checked it. */
type RemoteAnswers<P extends readonly RemotePart[]> = { [Part in P[number] as Part['key']]: z.infer<Part['schema']> };

const POSTS = { key: 'posts', subject: PostRequests.listForOrganization, schema: postListSchema } as const;
const AUTO_SCHEDULES = { key: 'autoSchedules', subject: SchedulerRequests.listForOrganization, schema: autoScheduleListSchema } as const;
const POST_STATISTICS = { key: 'statistics', subject: PostRequests.statisticsForOrganization, schema: postStatisticsSchema } as const;
/** The scheduler counts the organization's auto-schedules itself: the statistics need no list. */
const SCHEDULE_COUNT = {
  key: 'autoSchedules',
  subject: SchedulerRequests.count,
  schema: scheduleCountSchema,
  payload: (organizationId: string) => ({ organization_ids: [organizationId] }),
} as const;

/**
 * The composite reads of one organization's pages (part 2 §7): its own data
 * from this service, the rest by request/reply from the posts and scheduler
 * services, all asked at once, each with a time-out. A part that does not come
 * fails the whole answer with 503, naming what is missing, so the page shows
 * its message with Retry rather than a calendar that looks empty.
 */
export async function compositeRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['organizations'];

  const templatesOf = async (organizationId: string) => (await listTemplates(ctx, organizationId)).map(toTemplateView);
  /** The supported platforms this organization has connected: id and name (part 2 §7). */
  const activePlatformsOf = async (organizationId: string) =>
    (await connectedPlatforms(ctx, organizationId)).map(({ platform }) => ({ id: platform.id, name: platform.name }));

  const remote = async <const P extends readonly RemotePart[]>(organization: { id: string }, parts: P): Promise<RemoteAnswers<P>> => {
    const answers = await Promise.allSettled(
      parts.map(async (part) => part.schema.parse(await ctx.bus.request(part.subject, part.payload?.(organization.id) ?? { organization_id: organization.id }, COMPOSITE_TIMEOUT_MS))),
    );
    const missing = parts.filter((_, i) => answers[i]!.status === 'rejected');
    if (missing.length > 0) {
      for (const [i, answer] of answers.entries()) {
        if (answer.status === 'rejected') ctx.logger.warn({ err: answer.reason, subject: parts[i]!.subject }, 'composite read: a part did not come');
      }
      const keys = missing.map((part) => part.key);
      throw new HttpError(503, OrganizationMessages.partUnavailable(keys), { unavailable: keys });
    }
    return Object.fromEntries(parts.map((part, i) => [part.key, (answers[i] as PromiseFulfilledResult<unknown>).value])) as RemoteAnswers<P>;
  };

  const owned = (request: Parameters<typeof requireUser>[0], id: string) => ownOrganization(ctx, requireUser(request), id);

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

  app.get('/organizations/:id/calendar-data', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    return remote(organization, [AUTO_SCHEDULES, POSTS]);
  });

  app.get('/organizations/:id/autopost-data', { schema: { tags, params } }, async (request) => {
    const organization = await owned(request, request.params.id);
    const [activePlatforms, templates, parts] = await Promise.all([activePlatformsOf(organization.id), templatesOf(organization.id), remote(organization, [AUTO_SCHEDULES])]);
    return { activePlatforms, ...parts, templates };
  });

  // The organization's statistics page (part 2 §7): statistics-data, and GET or POST .../statistics and .../statistics/refresh,
  // each answering { statistics }. Refreshing is the admin's on global statistics only (part 2 §6); here it reloads.
  const statistics = async (request: Parameters<typeof requireUser>[0] & { params: { id: string } }) => {
    const parts = await remote(await owned(request, request.params.id), [POST_STATISTICS, SCHEDULE_COUNT]);
    // Part 2 §3: the posts service's figures with the organization's auto-schedules counted.
    return { statistics: { ...parts.statistics, ...parts.autoSchedules } };
  };
  app.get('/organizations/:id/statistics-data', { schema: { tags, params } }, statistics);
  app.get('/organizations/:id/statistics', { schema: { tags, params } }, statistics);
  app.post('/organizations/:id/statistics', { schema: { tags, params } }, statistics);
  app.post('/organizations/:id/statistics/refresh', { schema: { tags, params } }, statistics);
}
