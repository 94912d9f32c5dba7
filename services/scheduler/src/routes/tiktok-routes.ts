import { z } from 'zod';
import { TIKTOK_CREATOR_INFO_PATH, tiktokCreatorInfoSchema } from '@planner/contracts';
import { requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { tiktokCreatorInfo } from '../commands/tiktok-creator-info.js';
import type { SchedulerConfig } from '../config.js';

/** What the designer asks TikTok through the scheduler before a TikTok post: the creator's current settings. */
export async function tiktokRoutes(app: App, { ctx }: { ctx: ServiceContext<SchedulerConfig> }): Promise<void> {
  app.get(
    TIKTOK_CREATOR_INFO_PATH,
    {
      schema: {
        tags: ['publications'],
        description: "What TikTok allows the organization's TikTok account next (creator_info): privacy levels, what the creator turned off, the longest video.",
        querystring: z.object({ organization_id: z.string().uuid() }),
        response: { 200: tiktokCreatorInfoSchema },
      },
    },
    async (request) => tiktokCreatorInfo(ctx, requireUser(request), request.query.organization_id),
  );
}
