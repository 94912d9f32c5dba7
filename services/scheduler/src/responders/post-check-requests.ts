import { SchedulerRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import type { SchedulerContext } from '../context.js';
import { postRefusals } from '../domain/post-check.js';

/** The posts service, before it saves a post to publish: the platforms' own rules, so a post a platform would refuse is refused when scheduled. */
export const postCheckRequests = [respond<typeof SchedulerRequests.checkPost, SchedulerContext>(SchedulerRequests.checkPost, async (request, ctx) => postRefusals(ctx.adapters.platforms, request))];
