import { z } from 'zod';
import { NotificationMessages, systemMessageCreateSchema, systemMessageSchema, systemMessageUpdateSchema } from '@planner/contracts';
import { notFound, requireAdmin, type App, type ServiceContext } from '@planner/service-kit';
import { toSystemMessageView } from '../domain/system-message-view.js';
import { SystemMessage } from '../entities/system-message.entity.js';

const idParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listAnswer = z.object({ messages: z.array(systemMessageSchema) });
const oneAnswer = z.object({ system_message: systemMessageSchema });

/** System messages (part 1 §3, §5, §7): the active ones for everyone, the rest for admins only. */
export async function systemMessageRoutes(app: App, { ctx }: { ctx: ServiceContext }): Promise<void> {
  const repo = ctx.dataSource.getRepository(SystemMessage);
  const tags = ['system-messages'];
  // An id that cannot exist (not a UUID) is not found either, rather than a Postgres error.
  const find = async (id: string) => (UUID.test(id) && (await repo.findOneBy({ id }))) || Promise.reject(notFound(NotificationMessages.systemMessageNotFound));

  app.get('/system-messages/', { schema: { tags, response: { 200: listAnswer } } }, async () => ({
    messages: (await repo.find({ where: { isActive: true }, order: { createdAt: 'DESC' } })).map(toSystemMessageView),
  }));

  app.get('/system-messages/all', { schema: { tags, response: { 200: listAnswer } } }, async (request) => {
    requireAdmin(request);
    return { messages: (await repo.find({ order: { createdAt: 'DESC' } })).map(toSystemMessageView) };
  });

  app.post('/system-messages/', { schema: { tags, body: systemMessageCreateSchema, response: { 201: oneAnswer } } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { type, message, duration, is_active } = request.body;
    const created = await repo.save(repo.create({ type, message, duration, isActive: is_active, createdBy: admin.userId }));
    return reply.status(201).send({ system_message: toSystemMessageView(created) });
  });

  app.put('/system-messages/:id', { schema: { tags, params: idParams, body: systemMessageUpdateSchema, response: { 200: oneAnswer } } }, async (request) => {
    requireAdmin(request);
    const existing = await find(request.params.id);
    const { type, message, duration, is_active } = request.body;
    await repo.update(
      { id: existing.id },
      {
        ...(type !== undefined && { type }),
        ...(message !== undefined && { message }),
        ...(duration !== undefined && { duration }),
        ...(is_active !== undefined && { isActive: is_active }),
      },
    );
    return { system_message: toSystemMessageView(await find(existing.id)) };
  });

  app.put('/system-messages/:id/toggle', { schema: { tags, params: idParams, response: { 200: oneAnswer } } }, async (request) => {
    requireAdmin(request);
    await find(request.params.id);
    // One statement, so two toggles at once flip it twice rather than once.
    const toggled = await repo
      .createQueryBuilder()
      .update()
      .set({ isActive: () => 'NOT "is_active"' })
      .where('id = :id', { id: request.params.id })
      .execute();
    if (!toggled.affected) throw notFound(NotificationMessages.systemMessageNotFound);
    return { system_message: toSystemMessageView(await find(request.params.id)) };
  });

  app.delete('/system-messages/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAdmin(request);
    const deleted = await repo.delete({ id: (await find(request.params.id)).id });
    if (!deleted.affected) throw notFound(NotificationMessages.systemMessageNotFound);
    return { success: true };
  });
}
