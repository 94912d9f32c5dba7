import { consume } from '@planner/service-kit';
import { followScheduleUpdate, openSlotPost } from '../commands/scheduled-posts.js';
import type { PostsContext } from '../context.js';

/** The scheduler's auto-schedules: each opened slot gets its post; an update moves and updates the schedule's pending posts. */
export const autoScheduleEvents = [
  consume<'scheduler.auto_schedule.slot_opened', PostsContext>('scheduler.auto_schedule.slot_opened', (slot, { ctx, manager }) => openSlotPost(ctx, manager, slot)),
  consume<'scheduler.auto_schedule.updated', PostsContext>('scheduler.auto_schedule.updated', (update, { ctx, manager }) => followScheduleUpdate(ctx, manager, update)),
];
