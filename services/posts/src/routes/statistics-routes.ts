import {
  accountStatisticsSchema,
  globalStatisticsSchema,
  landingStatisticsSchema,
  statisticsRefreshSchema,
} from '@planner/contracts';
import { requireAdmin, requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { Statistics } from '../commands/statistics.js';

/**
 * Statistics (part 1 §7 landing, part 2 §7): the landing's public figures, a
 * user's accounts, and the admin's global statistics with their refresh.
 */
export async function statisticsRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['statistics'];
  const statistics = new Statistics(ctx);

  app.get(
    '/statistics',
    { schema: { tags, description: 'The landing page’s live figures; public, recomputed at most once a minute.', response: { 200: landingStatisticsSchema } } },
    // The landing shows part of the global statistics (part 1 §3).
    async () => landingStatisticsSchema.parse(await statistics.global()),
  );

  app.get(
    '/statistics/user/accounts',
    { schema: { tags, description: 'Over the organizations the caller owns.', response: { 200: accountStatisticsSchema } } },
    async (request) => statistics.account(requireUser(request).userId),
  );

  app.get('/statistics/admin', { schema: { tags, description: 'Admin only.', response: { 200: globalStatisticsSchema } } }, async (request) => {
    requireAdmin(request);
    return statistics.global();
  });

  app.post('/statistics/refresh', { schema: { tags, description: 'Admin only: computes the global statistics now.', response: { 200: statisticsRefreshSchema } } }, async (request) => {
    requireAdmin(request);
    return { statistics: await statistics.refresh() };
  });
}
