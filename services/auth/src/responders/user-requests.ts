import { AuthRequests } from '@planner/contracts';
import { respond } from '@planner/service-kit';
import { userContact, userExists } from '../commands/admin.js';

/**
 * Other services ask whether an id names an account (billing, before an admin sets its plan), and where to mail a user
 * (notifications, for the mails organizations' events ask for).
 */
export const userRequests = [
  respond(AuthRequests.userExists, async ({ user_id }, ctx) => ({ exists: await userExists(ctx, user_id) })),
  respond(AuthRequests.userContact, async ({ user_id }, ctx) => userContact(ctx, user_id)),
];
