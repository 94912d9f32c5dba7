import { adminSubscriptionUpdateResponseSchema, adminSubscriptionUpdateSchema, BillingMessages } from '@planner/contracts';
import { requireAdmin, type App } from '@planner/service-kit';
import { setSubscriptionByAdmin } from '../commands/admin.js';
import type { BillingContext } from '../context.js';
import { subscriptionDetails } from '../domain/subscription-state.js';

/** POST /subscriptions/admin/update (part 1 §6, §7): admins set a user's plan and status; the role follows. */
export async function adminRoutes(app: App, { ctx }: { ctx: BillingContext }): Promise<void> {
  app.post(
    '/subscriptions/admin/update',
    {
      schema: {
        tags: ['subscriptions'],
        description: 'Sets a user’s plan and status (admin); creates the subscription when the user has none.',
        body: adminSubscriptionUpdateSchema,
        response: { 200: adminSubscriptionUpdateResponseSchema },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { user_id, plan_type, status } = request.body;
      const saved = await setSubscriptionByAdmin(ctx, user_id, plan_type, status);
      return { success: true as const, message: BillingMessages.adminUpdated, subscription: subscriptionDetails(saved) };
    },
  );
}
