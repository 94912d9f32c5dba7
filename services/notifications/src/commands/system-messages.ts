import type { z } from 'zod';
import { NotificationMessages, type systemMessageCreateSchema, type systemMessageUpdateSchema } from '@planner/contracts';
import { isUuid, notFound, type ServiceContext } from '@planner/service-kit';
import { SystemMessage } from '../entities/system-message.entity.js';

const repository = (ctx: ServiceContext) => ctx.dataSource.getRepository(SystemMessage);

/** Newest first; only the active ones unless `all`. */
export function listSystemMessages(ctx: ServiceContext, { all }: { all: boolean }): Promise<SystemMessage[]> {
  return repository(ctx).find({ where: all ? {} : { isActive: true }, order: { createdAt: 'DESC' } });
}

/** An id that cannot exist (not a UUID) is not found either, rather than a Postgres error. */
export async function getSystemMessage(ctx: ServiceContext, id: string): Promise<SystemMessage> {
  const message = isUuid(id) ? await repository(ctx).findOneBy({ id }) : null;
  if (!message) throw notFound(NotificationMessages.systemMessageNotFound);
  return message;
}

export function createSystemMessage(ctx: ServiceContext, input: z.output<typeof systemMessageCreateSchema>, createdBy: string): Promise<SystemMessage> {
  const { type, message, duration, is_active } = input;
  return repository(ctx).save(repository(ctx).create({ type, message, duration, isActive: is_active, createdBy }));
}

export async function updateSystemMessage(ctx: ServiceContext, id: string, input: z.output<typeof systemMessageUpdateSchema>): Promise<SystemMessage> {
  const existing = await getSystemMessage(ctx, id);
  const { type, message, duration, is_active } = input;
  await repository(ctx).update(
    { id: existing.id },
    {
      ...(type !== undefined && { type }),
      ...(message !== undefined && { message }),
      ...(duration !== undefined && { duration }),
      ...(is_active !== undefined && { isActive: is_active }),
    },
  );
  return getSystemMessage(ctx, existing.id);
}

export async function toggleSystemMessage(ctx: ServiceContext, id: string): Promise<SystemMessage> {
  await getSystemMessage(ctx, id);
  // One statement, so two toggles at once flip it twice rather than once.
  const toggled = await repository(ctx)
    .createQueryBuilder()
    .update()
    .set({ isActive: () => 'NOT "is_active"' })
    .where('id = :id', { id })
    .execute();
  if (!toggled.affected) throw notFound(NotificationMessages.systemMessageNotFound);
  return getSystemMessage(ctx, id);
}

export async function deleteSystemMessage(ctx: ServiceContext, id: string): Promise<void> {
  const deleted = await repository(ctx).delete({ id: (await getSystemMessage(ctx, id)).id });
  if (!deleted.affected) throw notFound(NotificationMessages.systemMessageNotFound);
}
