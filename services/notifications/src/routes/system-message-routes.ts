import { z } from 'zod';
import { NotificationMessages, systemMessageCreateSchema, systemMessageSchema, systemMessageUpdateSchema } from '@planner/contracts';
import { idParams, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import {
  createSystemMessage,
  deleteSystemMessage,
  listSystemMessages,
  toggleSystemMessage,
  updateSystemMessage,
} from '../commands/system-messages.js';
import { toSystemMessageView } from '../domain/system-message-view.js';

const listAnswer = z.object({ messages: z.array(systemMessageSchema) });
const oneAnswer = z.object({ system_message: systemMessageSchema });
const messageIdParams = idParams(NotificationMessages.systemMessageNotFound);

/** System messages (part 1 §3, §5, §7): the active ones for everyone, the rest for admins only. */
export async function systemMessageRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const tags = ['system-messages'];

  app.get('/system-messages/', { schema: { tags, response: { 200: listAnswer } } }, async () => ({
    messages: (await listSystemMessages(ctx, { all: false })).map(toSystemMessageView),
  }));

  app.get('/system-messages/all', { schema: { tags, response: { 200: listAnswer } } }, async (request) => {
    requireAdmin(request);
    return { messages: (await listSystemMessages(ctx, { all: true })).map(toSystemMessageView) };
  });

  app.post('/system-messages/', { schema: { tags, body: systemMessageCreateSchema, response: { 201: oneAnswer } } }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.status(201).send({ system_message: toSystemMessageView(await createSystemMessage(ctx, request.body, admin.userId)) });
  });

  app.put('/system-messages/:id', { schema: { tags, params: messageIdParams, body: systemMessageUpdateSchema, response: { 200: oneAnswer } } }, async (request) => {
    requireAdmin(request);
    return { system_message: toSystemMessageView(await updateSystemMessage(ctx, request.params.id, request.body)) };
  });

  app.put('/system-messages/:id/toggle', { schema: { tags, params: messageIdParams, response: { 200: oneAnswer } } }, async (request) => {
    requireAdmin(request);
    return { system_message: toSystemMessageView(await toggleSystemMessage(ctx, request.params.id)) };
  });

  app.delete('/system-messages/:id', { schema: { tags, params: messageIdParams } }, async (request) => {
    requireAdmin(request);
    await deleteSystemMessage(ctx, request.params.id);
    return { success: true };
  });
}
