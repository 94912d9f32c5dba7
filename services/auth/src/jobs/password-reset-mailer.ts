import { job } from '@planner/service-kit';
import { mailPasswordReset, PASSWORD_RESET_QUEUE, type ResetMailJob } from '../commands/one-time-links.js';
import type { AuthContext } from '../context.js';

/** The worker that mails the reset links requested (see requestPasswordReset); it closes with the service's queues. */
export const passwordResetMailer = job('password-reset-mailer', async (ctx: AuthContext) => {
  ctx.queues.worker<ResetMailJob>(PASSWORD_RESET_QUEUE, async (resetJob) => mailPasswordReset(ctx, resetJob.data.email));
});
