import { AuthRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { userExists } from '../commands/admin.js';

/** Other services ask whether an id names an account (billing, before an admin sets its plan). */
export const userRequests = [respond(AuthRequests.userExists, async ({ user_id }, ctx) => ({ exists: await userExists(ctx, user_id) }))];
