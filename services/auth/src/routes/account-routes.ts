import { AuthMessages, changePasswordRequestSchema, deleteAccountRequestSchema, successMessageSchema } from '@planner/contracts';
import { requireUser, type App, type ServiceContext } from '@planner/service-kit';
import { changePassword, deleteAccount } from '../commands/account.js';

/** The signed-in user's own account: change password, delete account. */
export async function accountRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  app.post(
    '/auth/change-password',
    { schema: { tags: ['auth'], body: changePasswordRequestSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await changePassword(ctx, requireUser(request), request.body.current_password, request.body.new_password);
      return { success: true, message: AuthMessages.passwordChanged };
    },
  );

  app.delete(
    '/auth/delete-account',
    { schema: { tags: ['auth'], body: deleteAccountRequestSchema, response: { 200: successMessageSchema } } },
    async (request) => {
      await deleteAccount(ctx, requireUser(request));
      return { success: true, message: AuthMessages.accountDeleted };
    },
  );
}
