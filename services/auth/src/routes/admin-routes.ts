import { z } from 'zod';
import {
  AuthMessages,
  banRequestSchema,
  OrganizationRequests,
  organizationStatusSchema,
  publicUserSchema,
  roleChangeSchema,
  userIdBodySchema,
  userListQuerySchema,
} from '@planner/contracts';
import { ask, idParams, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { bannedUsers, banUser, changeRole, getUser, listUsers, resetRole, unbanUser } from '../commands/admin.js';
import { toPublicUser } from '../domain/user-view.js';

const userIdParams = idParams(AuthMessages.userNotFound);
const userAnswer = z.object({ success: z.boolean(), data: z.object({ user: publicUserSchema }) });

/** Admin user management (part 1 §6, §7): every route answers 403 to anyone but an admin. */
export async function adminRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  app.addHook('preHandler', async (request) => {
    requireAdmin(request);
  });
  const tags = ['admin'];

  app.get('/auth/users', { schema: { tags, querystring: userListQuerySchema } }, async (request) => ({
    success: true,
    data: await listUsers(ctx, request.query),
  }));

  app.get('/auth/users/:id', { schema: { tags, params: userIdParams } }, async (request) => {
    const user = toPublicUser(await getUser(ctx, request.params.id));
    return { success: true, data: { user, subscription: user.subscription } };
  });

  app.get('/auth/users/:id/subscription', { schema: { tags, params: userIdParams } }, async (request) => {
    const user = toPublicUser(await getUser(ctx, request.params.id));
    return { success: true, data: { has_subscription: user.subscription !== null, subscription: user.subscription } };
  });

  app.get('/auth/users/:id/organizations', { schema: { tags, params: userIdParams } }, async (request) => {
    await getUser(ctx, request.params.id);
    const organizations = await ask(ctx, OrganizationRequests.listByOwner, { user_id: request.params.id });
    return { success: true, data: { organizations } };
  });

  app.put('/auth/users/:id/role', { schema: { tags, params: userIdParams, body: roleChangeSchema, response: { 200: userAnswer } } }, async (request) => ({
    success: true,
    data: { user: toPublicUser(await changeRole(ctx, request.params.id, request.body.role)) },
  }));

  app.post('/auth/users/:id/role/reset', { schema: { tags, params: userIdParams, response: { 200: userAnswer } } }, async (request) => ({
    success: true,
    data: { user: toPublicUser(await resetRole(ctx, request.params.id)) },
  }));

  app.post('/auth/admin/ban-user', { schema: { tags, body: banRequestSchema, response: { 200: userAnswer } } }, async (request) => ({
    success: true,
    data: { user: toPublicUser(await banUser(ctx, requireAdmin(request), request.body)) },
  }));

  app.post('/auth/admin/unban-user', { schema: { tags, body: userIdBodySchema, response: { 200: userAnswer } } }, async (request) => ({
    success: true,
    data: { user: toPublicUser(await unbanUser(ctx, request.body.user_id)) },
  }));

  app.get('/auth/admin/banned-users', { schema: { tags } }, async () => ({ success: true, data: { users: await bannedUsers(ctx) } }));

  app.post('/auth/admin/organization-status', { schema: { tags, body: organizationStatusSchema } }, async (request) => ({
    success: true,
    data: await ask(ctx, OrganizationRequests.setStatus, request.body),
  }));

  app.get('/auth/admin/inactive-organizations', { schema: { tags } }, async () => ({
    success: true,
    data: { organizations: await ask(ctx, OrganizationRequests.listInactive, {}) },
  }));
}
