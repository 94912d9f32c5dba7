import { job } from '@planner/service-kit';
import { openDueSlots } from '../commands/slot-opening.js';
import type { SchedulerContext } from '../context.js';

/**
 * At start and every minute (SLOT_OPENING_MS), opens the auto-schedule slots
 * whose post is due (see openDueSlots); runs with the API role, as the sweep
 * does. A run still going when the next is due is not doubled.
 */
export const slotOpener = job('slot-opener', async (ctx: SchedulerContext) => {
  if (ctx.config.SCHEDULER_ROLE === 'worker') return;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= openDueSlots(ctx)
      .then(({ opened, skipped }) => {
        if (opened + skipped > 0) ctx.logger.info({ opened, skipped }, 'auto-schedule slots opened');
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'slot opening failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await run();
  const timer = setInterval(() => void run(), ctx.config.SLOT_OPENING_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
});
